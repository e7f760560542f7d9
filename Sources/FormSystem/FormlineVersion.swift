/// formline's version, defined once: `formline --version`, `formline --help` and the demo
/// server's start-up line all show this string.
package enum FormlineVersion {
    package static let current = "0.2.0"
}
