import FormCore
import FormRunner

/// How a live replay (`formline replay --live`) compares the server's answer with the recorded
/// `<=` line (docs/sessions.md, "Live replay"): the status, the content type (without its
/// parameters, any case), a redirect's `Location` with `[..]` wildcards, and the body: a JSON
/// body as JSON (keys in any order, `[..]` allowed inside strings, a lone `"[..]"` for any
/// scalar such as an id, numbers by value), any other body as text with `[..]` wildcards. A
/// transport failure matches the same failure (`!error` messages with `[..]`).
///
/// Both sides are compared as the transcript holds them: the live answer is recorded first (its
/// secrets scrubbed, its JSON compacted), then read back, so a server that echoes the replay's
/// password shows `[password]` on both sides.
enum ResponseMatch {
    /// The recorded value that stands for any scalar (see `jsonMatches`).
    static let anyScalar = "[..]"

    /// Why `actual` does not match `expected`, in words for the failure line; nil when it does.
    static func difference(expected: Result<TransportResponse, TransportFailure>,
                           actual: Result<TransportResponse, TransportFailure>) -> String? {
        switch (expected, actual) {
        case (.success(let e), .success(let a)):
            if e.status != a.status { return "the server answered \(a.status), the transcript has \(e.status)" }
            let expectedType = (e.contentType ?? "-").lowercased(), actualType = (a.contentType ?? "-").lowercased()
            if expectedType != actualType {
                return "the server answered \(a.status) \(actualType), the transcript has \(e.status) \(expectedType)"
            }
            switch (e.location, a.location) {
            case (nil, nil): break
            case (let el?, let al?) where LinePattern.wildcardMatches(el, al): break
            default: return "the redirect's Location differs from the transcript's"
            }
            return bodyMatches(e.body, a.body) ? nil : "the body differs from the transcript's"
        case (.failure(let e), .failure(let a)):
            switch (e, a) {
            case (.timeout, .timeout), (.refused, .refused): return nil
            case (.error(let em), .error(let am)) where LinePattern.wildcardMatches(em, am): return nil
            default: return "the transport failed with \(words(a)), the transcript has \(words(e))"
            }
        case (.success(let e), .failure(let a)):
            return "the transport failed (\(words(a))), the transcript has a \(e.status) answer"
        case (.failure(let e), .success(let a)):
            return "the server answered \(a.status), the transcript has a transport failure (\(words(e)))"
        }
    }

    private static func words(_ failure: TransportFailure) -> String {
        switch failure {
        case .timeout: return "!timeout"
        case .refused: return "!refused"
        case .error: return "!error"
        }
    }

    /// A recorded JSON body against the live one as JSON; anything else as text.
    static func bodyMatches(_ expected: [UInt8], _ actual: [UInt8]) -> Bool {
        if expected == actual { return true }
        if let e = JSONValue.parse(expected) {
            guard let a = JSONValue.parse(actual) else { return false }
            return jsonMatches(e, a)
        }
        return LinePattern.wildcardMatches(String(decoding: expected, as: UTF8.self), String(decoding: actual, as: UTF8.self))
    }

    /// Objects with the same keys (in any order) whose values match, arrays of the same length
    /// whose items match in order, strings with `[..]`, numbers by value, the rest equal. A
    /// recorded value that is the string `"[..]"` alone matches any string, number, boolean or
    /// null: a server's ids and counters are numbers that change from run to run, and a contract
    /// test must be able to say "some id here" without accepting a missing key or another shape.
    /// Recursion follows the parsed values, whose depth the JSON parser bounds.
    static func jsonMatches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.object(let e), .object(let a)):
            guard e.count == a.count else { return false }
            for (key, value) in e {
                guard let other = a[key], jsonMatches(value, other) else { return false }
            }
            return true
        case (.array(let e), .array(let a)):
            guard e.count == a.count else { return false }
            return zip(e, a).allSatisfy { jsonMatches($0, $1) }
        case (.string(let e), .string(let a)):
            return LinePattern.wildcardMatches(e, a)
        case (.string(anyScalar), .number), (.string(anyScalar), .bool), (.string(anyScalar), .null):
            return true
        case (.number(let e), .number(let a)):
            return e == a || (Double(e).map { value in Double(a) == value } ?? false)
        default:
            return expected == actual
        }
    }
}
