import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP server that answers every request with one fixed response: enough for a test
/// that needs a hostile answer (100,000 error messages) and nothing the demo server offers.
final class OneShotServer: @unchecked Sendable {
    let port: Int
    private let listening: TCPListener
    private var listener: Int32 { listening.fd }
    private let response: [UInt8]

    init(status: Int, contentType: String, body: String) throws {
        let bodyBytes = Array(body.utf8)
        response = Array("HTTP/1.1 \(status) Unprocessable\r\nContent-Type: \(contentType)\r\nContent-Length: \(bodyBytes.count)\r\nConnection: close\r\n\r\n".utf8) + bodyBytes
        // The loopback listening socket the tests' servers share (TCPListener), accepted from here.
        listening = try TCPListener()
        port = listening.port
        let thread = Thread { [self] in self.serve() }
        thread.start()
    }

    /// Ends the accept loop; `TCPListener` closes the socket once the server is released.
    func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            // Read the request head and its body (Content-Length), then answer.
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(connection, &buffer, buffer.count)
                if n <= 0 { break }
                received += buffer[0..<n]
                let text = String(decoding: received, as: UTF8.self)
                if let head = text.range(of: "\r\n\r\n") {
                    let headers = text[..<head.lowerBound].lowercased()
                    let length = headers.components(separatedBy: "\r\n")
                        .first { $0.hasPrefix("content-length:") }
                        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                    if text.utf8.distance(from: text.utf8.startIndex, to: head.upperBound) + length <= received.count { break }
                }
            }
            var offset = 0
            while offset < response.count {
                let n = response[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                offset += n
            }
            close(connection)
        }
    }
}
