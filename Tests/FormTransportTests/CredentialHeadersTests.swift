import FormCore
import Testing
@testable import FormTransport

/// Which headers are credentials, what of them is hidden, and that the transport hides it in
/// everything it returns (issue 18, item 6).
@Suite struct CredentialHeadersTests {
    @Test(arguments: [
        ("Authorization", true), ("proxy-authorization", true), ("COOKIE", true), ("X-Api-Key", true),
        ("x-auth-token", true), ("X-Client-Secret", true), ("X-Client", false), ("Accept", false),
        ("X-Keyboard", false), ("Set-Cookie", false), ("X-Token-Type", false),
    ])
    func credentialNames(_ name: String, _ isCredential: Bool) {
        #expect(CredentialHeaders.isCredential(name: name) == isCredential)
    }

    @Test func secretsOfEachKind() {
        #expect(CredentialHeaders.secrets(name: "Authorization", value: "Bearer tok-123") == ["Bearer tok-123", "tok-123"])
        #expect(CredentialHeaders.secrets(name: "Cookie", value: "theme=dark; session=sess-0123456")
                == ["theme=dark; session=sess-0123456", "sess-0123456"], "short cookie values are not secrets on their own")
        #expect(CredentialHeaders.secrets(name: "X-Api-Key", value: "abc") == [], "too short to mask")
        // "Basic " + base64("bob:hunter2hunter2")
        #expect(CredentialHeaders.secrets(name: "Authorization", value: "Basic Ym9iOmh1bnRlcjJodW50ZXIy")
                == ["Basic Ym9iOmh1bnRlcjJodW50ZXIy", "Ym9iOmh1bnRlcjJodW50ZXIy", "bob:hunter2hunter2", "hunter2hunter2"])
        #expect(CredentialHeaders.decodedBase64("YTpi") == "a:b")
        #expect(CredentialHeaders.decodedBase64("not base64!") == nil)
    }

    @Test func valueProblems() {
        #expect(CredentialHeaders.valueProblem("Bearer a\tb") == nil)
        #expect(CredentialHeaders.valueProblem("é ü") == nil)
        for bad in ["a\r\nX: 1", "a\u{0}", "a\u{1B}", "a\u{7F}"] {
            #expect(CredentialHeaders.valueProblem(bad) == "the value contains a control character (not shown: it may be a secret)")
        }
    }

    @Test func theTransportMasksBodiesLocationsAndErrors() throws {
        let transport = try HTTPTransport(
            endpoint: "http://127.0.0.1:9", headers: [("Authorization", "Bearer tok-a1/b2"), ("X-Session", "s-777777"), ("X-Client", "kiosk-12")],
            credentials: ["x-session"], timeout: .seconds(1))
        // JSON: masked inside strings, escapes included (\/ and \u0074).
        let json = Array(#"{"echo":"Bearer tok-a1\/b2","t":"\u0074ok-a1/b2","s":"s-777777","c":"kiosk-12"}"#.utf8)
        let masked = try transport.masked(.success(TransportResponse(status: 201, contentType: "application/json", body: json,
                                                                    location: "https://x/?t=tok-a1/b2"))).get()
        let text = String(decoding: masked.body, as: UTF8.self)
        #expect(JSONValue.parse(text) == JSONValue.parse(#"{"echo":"[Authorization]","t":"[Authorization]","s":"[X-Session]","c":"kiosk-12"}"#), "\(text)")
        #expect(masked.location == "https://x/?t=[Authorization]")
        // Text bodies as text; a body without a credential is left byte for byte.
        let plain = try transport.masked(.success(TransportResponse(status: 500, contentType: "text/plain", body: Array("got tok-a1/b2".utf8)))).get()
        #expect(plain.body == Array("got [Authorization]".utf8))
        let untouched: [UInt8] = [0x7B, 0x20, 0x22, 0x61, 0x22, 0x3A, 0x31, 0x7D]
        #expect(try transport.masked(.success(TransportResponse(status: 200, contentType: nil, body: untouched))).get().body == untouched)
        // An error never repeats any header value, credential or not.
        let failure = transport.masked(.failure(.error("invalid values [\"Bearer tok-a1/b2\", \"kiosk-12\"]")))
        #expect(failure == .failure(.error("invalid values [\"[Authorization]\", \"[header]\"]")))
    }
}
