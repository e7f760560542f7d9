/// formline's version, defined once: `formline --version`, `formline --help`, the man pages made
/// from the help, the demo server's start-up line and the Debian package (Scripts/package-deb.sh
/// reads it from this file) all show this string. CHANGELOG.md's newest release names it.
package enum FormlineVersion {
    package static let current = "0.3.0"
}
