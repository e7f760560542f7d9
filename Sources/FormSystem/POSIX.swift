#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `strerror(errno)` as text, for the reasons our file errors carry.
package func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
