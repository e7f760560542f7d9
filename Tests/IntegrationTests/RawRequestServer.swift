import Foundation

/// A loopback HTTP/1.1 server on raw sockets for what a framework would hide: it records each
/// request's line exactly as sent (`PUT /api/users/%2E%2E/notes HTTP/1.1`, no normalising) and
/// keeps connections alive the way a careless server does: it answers with Content-Length and
/// no `Connection: close`, then closes the connection on its own.
final class RawRequestServer: @unchecked Sendable {
    /// When a kept-alive connection is closed by the server.
    enum Closing {
        /// Right after each answer (no `Connection: close` said): the client's pool may still
        /// hand the connection out for the next request.
        case afterEachAnswer
        /// When the next request arrives on it, unanswered: the request never reaches the
        /// application, as with a keep-alive timeout that fires as the request goes out.
        case atTheNextRequest
    }

    let port: Int
    private let listening: TCPListener
    private var listener: Int32 { listening.fd }
    private let closing: Closing
    private let status: Int
    private let body: String
    private let lock = NSLock()
    private var lines: [String] = []
    private var keys: [String] = []
    private var answered = 0
    /// How many of the first requests get no answer at all (the client times out).
    private var unanswered: Int
    /// Answer as soon as any bytes arrive, HTTP or not (a plain-HTTP server that a TLS
    /// ClientHello reaches answers it with its 400), then close.
    private let answersAnything: Bool

    init(closing: Closing = .afterEachAnswer, status: Int = 201, body: String = #"{"id":1}"#, unansweredRequests: Int = 0,
         answersAnything: Bool = false) throws {
        self.closing = closing
        self.answersAnything = answersAnything
        self.unanswered = unansweredRequests
        self.status = status
        self.body = body
        // The loopback listening socket the tests' servers share (TCPListener), accepted from here.
        listening = try TCPListener()
        port = listening.port
        let thread = Thread { [self] in self.acceptLoop() }
        thread.start()
    }

    /// The request lines received, in order, as sent.
    var requestLines: [String] { lock.withLock { lines } }
    /// The Idempotency-Key of each request received, in order ("" when none).
    var idempotencyKeys: [String] { lock.withLock { keys } }
    /// How many requests were answered.
    var answeredCount: Int { lock.withLock { answered } }

    /// Ends the accept loop; `TCPListener` closes the socket once the server is released.
    func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let thread = Thread { [self] in self.serve(connection) }
            thread.start()
        }
    }

    /// One connection: requests answered in turn until the closing rule ends it.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var pending: [UInt8] = []
        var servedHere = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        if answersAnything {
            guard read(connection, &buffer, buffer.count) > 0 else { return }
            let response = Array("HTTP/1.1 \(status) Answer\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
            _ = response.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            return
        }
        while true {
            // Read one whole request (head and Content-Length body).
            var request: (head: String, length: Int)?
            while request == nil {
                if let found = Self.request(in: pending) {
                    request = found
                    break
                }
                let n = read(connection, &buffer, buffer.count)
                if n <= 0 { return }
                pending += buffer[0..<n]
            }
            guard let (head, length) = request else { return }
            pending.removeFirst(min(pending.count, length))
            let headLines = head.components(separatedBy: "\r\n")
            let key = headLines.first { $0.lowercased().hasPrefix("idempotency-key:") }
                .map { String($0.dropFirst("idempotency-key:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
            let answers: Bool = lock.withLock {
                lines.append(headLines.first ?? "")
                keys.append(key)
                // Dropped unanswered: recorded, so a test sees the key it came with.
                if closing == .atTheNextRequest, servedHere > 0 { return false }
                if unanswered > 0 {
                    unanswered -= 1
                    return false
                }
                answered += 1
                return true
            }
            if !answers {
                if closing == .atTheNextRequest, servedHere > 0 { return }
                // Hold the connection until the client gives up on it.
                while read(connection, &buffer, buffer.count) > 0 {}
                return
            }
            let bytes = Array(body.utf8)
            let response = Array("HTTP/1.1 \(status) Answer\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
            var offset = 0
            while offset < response.count {
                let n = response[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                offset += n
            }
            servedHere += 1
            if closing == .afterEachAnswer { return }
        }
    }

    /// A whole request at the start of `bytes`: its head and the bytes it takes (head and body).
    private static func request(in bytes: [UInt8]) -> (String, Int)? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let head = String(text[..<end.lowerBound])
        let length = head.lowercased().components(separatedBy: "\r\n")
            .first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        let headBytes = text.utf8.distance(from: text.utf8.startIndex, to: end.upperBound)
        return headBytes + length <= bytes.count ? (head, headBytes + length) : nil
    }
}
