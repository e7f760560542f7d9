#if canImport(Glibc)
import Glibc
#endif

/// A loopback port that refuses connections while `body` runs: a socket bound to it but never
/// listening. Tests of "connection refused" use it; a port whose server has just stopped may still
/// be closing (a reset, not a refusal) or be taken by another test's server.
package func withRefusingPort<T>(_ body: (Int) async throws -> T) async throws -> T {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw RefusingPortError() }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
            bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
        }
    }
    guard bound else { throw RefusingPortError() }
    return try await body(Int(UInt16(bigEndian: address.sin_port)))
}

/// No loopback socket could be bound.
package struct RefusingPortError: Error {}
