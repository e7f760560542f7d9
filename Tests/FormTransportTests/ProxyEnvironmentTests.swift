import Testing
@testable import FormTransport

/// Which proxy an endpoint goes through, as curl reads the environment.
@Suite struct ProxyEnvironmentTests {
    @Test func httpsUsesEitherCaseAndHTTPOnlyLowercase() throws {
        #expect(try ProxyEnvironment.proxy(for: "https://api.internal/v1", environment: ["HTTPS_PROXY": "http://proxy:3128"])
            == ProxySetting(host: "proxy", port: 3128))
        #expect(try ProxyEnvironment.proxy(for: "https://api.internal", environment: ["https_proxy": "proxy:8080", "HTTPS_PROXY": "other:1"])
            == ProxySetting(host: "proxy", port: 8080))
        #expect(try ProxyEnvironment.proxy(for: "http://api.internal", environment: ["HTTP_PROXY": "proxy:8080"]) == nil)
        #expect(try ProxyEnvironment.proxy(for: "http://api.internal", environment: ["http_proxy": "proxy"])
            == ProxySetting(host: "proxy", port: 1080))
        #expect(try ProxyEnvironment.proxy(for: "https://api.internal", environment: ["http_proxy": "proxy:1"]) == nil)
        #expect(try ProxyEnvironment.proxy(for: "https://h", environment: ["HTTPS_PROXY": "http://u%40x:p%3As@[::1]:3128/"])
            == ProxySetting(host: "::1", port: 3128, credentials: (user: "u@x", password: "p:s")))
    }

    @Test func noProxyListsHostsDomainsAndEverything() throws {
        let proxy = ["HTTPS_PROXY": "proxy:3128"]
        func via(_ endpoint: String, _ noProxy: String) throws -> Bool {
            try ProxyEnvironment.proxy(for: endpoint, environment: proxy.merging(["NO_PROXY": noProxy]) { $1 }) != nil
        }
        #expect(try !via("https://api.corp.example/x", "corp.example"))
        #expect(try !via("https://api.corp.example:8443", ".corp.example"))
        #expect(try !via("https://api.corp.example", "*.corp.example"))
        #expect(try via("https://notcorp.example", "corp.example"))
        #expect(try !via("https://10.1.2.3:8443", "localhost, 10.1.2.3"))
        #expect(try !via("https://[::1]:8443", "[::1]"))
        #expect(try !via("https://anything", "*"))
        #expect(try via("https://127.0.0.1", "localhost"), "loopback is not bypassed unless listed")
        #expect(try ProxyEnvironment.proxy(for: "https://h.corp", environment: proxy.merging(["no_proxy": "h.corp", "NO_PROXY": ""]) { $1 }) == nil)
    }

    @Test func anUnusableProxyNamesTheVariable() {
        #expect(throws: HTTPTransportError("HTTPS_PROXY must be http://host:port (an http proxy), as curl reads it")) {
            try ProxyEnvironment.proxy(for: "https://h", environment: ["HTTPS_PROXY": "socks5://p:1080"])
        }
        #expect(throws: HTTPTransportError("http_proxy must be http://host:port (an http proxy), as curl reads it")) {
            try ProxyEnvironment.proxy(for: "http://h", environment: ["http_proxy": "proxy:99999"])
        }
    }
}
