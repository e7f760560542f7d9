import DemoServer
import Foundation
import FormCore
import Testing
@testable import FormTransport

/// `DocumentFetcher` against the demo server: a document and its validators, a 304 to a
/// conditional GET, and the failures an operator must be able to read (moved, not found, slow).
@Suite("DocumentFetcher", .serialized, .timeLimit(.minutes(1)))
struct DocumentFetcherTests {
    @Test("the document comes with its validators; a conditional GET with them is 304")
    func fetchAndRevalidate() async throws {
        try await withDemoServer { port, server in
            let fetcher = try DocumentFetcher(url: "http://127.0.0.1:\(port)/openapi.json", timeout: .seconds(10))
            let first = await offPool { fetcher.fetch() }
            guard case .success(.fetched(let body, let validators)) = first else {
                Issue.record("expected the document, got \(first)")
                return
            }
            #expect(String(decoding: body, as: UTF8.self).contains(#""operationId": "signup_drf""#))
            #expect(validators.etag == "\"formline-demo-openapi-1\"")
            #expect(validators.lastModified != nil)
            let second = await offPool { fetcher.fetch(validators: validators) }
            #expect(second == .success(.notModified))
            #expect(server.requests.all.last?.header("If-None-Match") == "\"formline-demo-openapi-1\"")
        }
    }

    @Test("a redirect is not followed and names where the document moved; another status names itself")
    func failuresSayWhy() async throws {
        try await withDemoServer { port, _ in
            let moved = try DocumentFetcher(url: "http://127.0.0.1:\(port)/fault/redirect", timeout: .seconds(10))
            let m = await offPool { moved.fetch() }
            guard case .failure(.error(let text)) = m else { Issue.record("\(m)"); return }
            #expect(text.hasPrefix("the document moved (302) to "), "\(text)")

            let missing = try DocumentFetcher(url: "http://127.0.0.1:\(port)/no-such-document.json", timeout: .seconds(10))
            let n = await offPool { missing.fetch() }
            #expect(n == .failure(.error("the server answered 404 Not Found instead of the document")))
        }
    }

    @Test("one deadline covers the whole fetch")
    func deadline() async throws {
        try await withDemoServer(slowDelay: .seconds(5)) { port, _ in
            let slow = try DocumentFetcher(url: "http://127.0.0.1:\(port)/fault/slow", timeout: .milliseconds(300))
            let started = ContinuousClock.now
            let r = await offPool { slow.fetch() }
            #expect(r == .failure(.timeout))
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    @Test("only absolute http(s) URLs without credentials or a fragment")
    func urls() {
        #expect(throws: HTTPTransportError.self) { try DocumentFetcher(url: "ftp://h/x.json", timeout: .seconds(1)) }
        #expect(throws: HTTPTransportError.self) { try DocumentFetcher(url: "http://u:p@h/x.json", timeout: .seconds(1)) }
        #expect(throws: HTTPTransportError.self) { try DocumentFetcher(url: "http://h/x.json#frag", timeout: .seconds(1)) }
        #expect((try? DocumentFetcher(url: "http://h/openapi?format=json", timeout: .seconds(1))) != nil)
    }
}
