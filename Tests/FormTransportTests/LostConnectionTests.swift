import AsyncHTTPClient
import FormRunner
import NIOCore
import NIOPosix
import Testing
@testable import FormTransport

/// Issue 33 items 5 and 13: which failures are resent once (a connection lost before any
/// answer), and that every failure reason says something.
@Suite struct LostConnectionTests {
    @Test func onlyAConnectionLostBeforeAnAnswerIsResent() {
        #expect(HTTPTransport.isLostBeforeAnswer(ChannelError.ioOnClosedChannel))
        #expect(HTTPTransport.isLostBeforeAnswer(ChannelError.eof))
        #expect(HTTPTransport.isLostBeforeAnswer(HTTPClientError.remoteConnectionClosed))
        #expect(HTTPTransport.isLostBeforeAnswer(IOError(errnoCode: ECONNRESET, reason: "read")))
        #expect(!HTTPTransport.isLostBeforeAnswer(HTTPClientError.readTimeout))
        #expect(!HTTPTransport.isLostBeforeAnswer(HTTPClientError.deadlineExceeded))
        #expect(!HTTPTransport.isLostBeforeAnswer(IOError(errnoCode: ECONNREFUSED, reason: "connect")))
        #expect(!HTTPTransport.isLostBeforeAnswer(HTTPClientError.cancelled))
        #expect(!HTTPTransport.isLostBeforeAnswer(CancellationError()))
    }

    @Test func aProxysRefusalIsSaidInWords() {
        #expect(HTTPTransport.failure(for: HTTPClientError.proxyAuthenticationRequired, url: "http://127.0.0.1:9/x")
            == .error("the proxy refused to connect to 127.0.0.1:9: 407 Proxy Authentication Required (give or check the user and password in the proxy variable: http://user:password@proxy:port)"))
    }

    private struct Blank: Error, CustomStringConvertible {
        var description: String { "\u{1B}\u{7}  " }
    }

    @Test func noFailureReasonIsEmpty() {
        #expect(HTTPTransport.failure(for: Blank(), url: "http://127.0.0.1:9/x") == .error("the request to 127.0.0.1:9 failed: Blank"))
    }
}
