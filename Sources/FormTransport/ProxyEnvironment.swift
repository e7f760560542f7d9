/// The forward proxy an endpoint is reached through, from the environment as curl reads it.
///
/// - `https://` endpoints: `https_proxy`, else `HTTPS_PROXY`; `http://` endpoints: `http_proxy`
///   only (lowercase, as curl: a CGI program gets a request's `Proxy:` header as `HTTP_PROXY`);
/// - the proxy is `http://[user:password@]host[:port]` or `host[:port]` (port 1080 by default, as
///   curl); the request is tunnelled through it with CONNECT (async-http-client does so for
///   http and https endpoints alike, so the proxy must allow CONNECT to the endpoint's port);
/// - `no_proxy`, else `NO_PROXY`: comma-separated host names (a name matches itself and its
///   subdomains, a leading `.` or `*.` is allowed), IP addresses (exact), or `*` for every host;
///   a `:port` on an entry is ignored. Loopback is not bypassed unless listed (curl does not either).
package struct ProxySetting: Sendable, Equatable {
    package var host: String
    package var port: Int
    /// `user:password` from the proxy URL, sent as Basic proxy authorization; never printed.
    package var credentials: (user: String, password: String)?

    package init(host: String, port: Int, credentials: (user: String, password: String)? = nil) {
        self.host = host
        self.port = port
        self.credentials = credentials
    }

    package static func == (a: ProxySetting, b: ProxySetting) -> Bool {
        a.host == b.host && a.port == b.port && a.credentials?.user == b.credentials?.user
            && a.credentials?.password == b.credentials?.password
    }
}

package enum ProxyEnvironment {
    /// The proxy for `endpoint` under `environment`, nil for none; throws `HTTPTransportError`
    /// when the proxy variable is set but unusable (the message names the variable, not its value).
    package static func proxy(for endpoint: String, environment: [String: String]) throws -> ProxySetting? {
        let lower = endpoint.lowercased()
        let isHTTPS = lower.hasPrefix("https://")
        let names = isHTTPS ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy"]
        guard let name = names.first(where: { !(environment[$0] ?? "").isEmpty }), let value = environment[name] else {
            return nil
        }
        guard let host = host(of: endpoint) else { return nil }
        let noProxy = environment["no_proxy"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["NO_PROXY"] ?? ""
        if bypasses(host: host, noProxy: noProxy) { return nil }
        guard let setting = parse(value) else {
            throw HTTPTransportError("\(name) must be http://host:port (an http proxy), as curl reads it")
        }
        return setting
    }

    /// `http://user:pass@host:port`, `host:port` or `host` -> the proxy; nil when unusable.
    static func parse(_ text: String) -> ProxySetting? {
        var rest = Substring(text.trimmingSpaces)
        if let (scheme, afterScheme) = splitScheme(rest) {
            guard scheme.lowercased() == "http" else { return nil }
            rest = afterScheme
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var credentials: (String, String)?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            credentials = (percentDecoded(String(parts[0])), parts.count > 1 ? percentDecoded(String(parts[1])) : "")
            rest = rest[rest.index(after: at)...]
        }
        var host = String(rest)
        var port = 1080
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") {
                guard let p = Int(after.dropFirst()), (1...65535).contains(p) else { return nil }
                port = p
            } else if !after.isEmpty { return nil }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            guard let p = Int(host[host.index(after: colon)...]), (1...65535).contains(p) else { return nil }
            port = p
            host = String(host[..<colon])
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "@" }) else { return nil }
        return ProxySetting(host: host, port: port, credentials: credentials)
    }

    /// Whether `no_proxy` lists `host`.
    static func bypasses(host: String, noProxy: String) -> Bool {
        let host = host.lowercased()
        for raw in noProxy.split(separator: ",") {
            var entry = raw.trimmingSpaces.lowercased()
            if entry == "*" { return true }
            if entry.hasPrefix("[") , let close = entry.firstIndex(of: "]") {
                entry = String(entry[entry.index(after: entry.startIndex)..<close])
            } else if entry.filter({ $0 == ":" }).count == 1, let colon = entry.firstIndex(of: ":") {
                entry = String(entry[..<colon])
            }
            if entry.hasPrefix("*.") { entry.removeFirst(2) } else if entry.hasPrefix(".") { entry.removeFirst() }
            guard !entry.isEmpty else { continue }
            if host == entry || host.hasSuffix("." + entry) { return true }
        }
        return false
    }

    /// The host of an `http(s)://` URL (brackets removed from an IPv6 literal).
    static func host(of url: String) -> String? {
        guard var rest = splitScheme(Substring(url))?.rest else { return nil }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            return String(rest[rest.index(after: rest.startIndex)..<close])
        }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return rest.isEmpty ? nil : String(rest)
    }

    /// `scheme://rest` -> (scheme, rest); nil without `://`.
    private static func splitScheme(_ text: Substring) -> (scheme: Substring, rest: Substring)? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("://") {
                return (text[..<index], text[text.index(index, offsetBy: 3)...])
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let h = iterator.next(), let l = iterator.next(),
               let value = UInt8(String(decoding: [h, l], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
