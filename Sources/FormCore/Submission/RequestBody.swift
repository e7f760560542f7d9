/// How the completed form is written on the wire (`submit.body` and `submit.type` in the form
/// file). The payload is the same in every case (`Payload.build`); only its encoding differs, so
/// recordings, drafts and `--output json` never depend on it.
public struct RequestBody: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        /// `{"username": "..", "address": {"city": ".."}}` as `application/json` (the default).
        case json
        /// A JSON:API document, `{"data": {"type": TYPE, "attributes": {..}}}`, as
        /// `application/vnd.api+json`: what a JSON:API server (djangorestframework-jsonapi) reads.
        case jsonapi
        /// An HTML form body, `application/x-www-form-urlencoded`, nested keys in the bracket style
        /// Rails and PHP read (`address[city]=..`, `items[0][qty]=..`).
        case form
    }

    public var format: Format
    /// The JSON:API resource type (`signups`); required for `.jsonapi`, unused otherwise.
    public var type: String?

    public init(format: Format = .json, type: String? = nil) {
        self.format = format
        self.type = type
    }

    /// The media types formline reads errors in, in the order a server should prefer them: the
    /// body's own type first, so a JSON:API server answers in JSON:API and a plain one in JSON.
    public var accept: String {
        switch format {
        case .json, .form: return "application/json, application/problem+json, application/vnd.api+json"
        case .jsonapi: return "application/vnd.api+json, application/problem+json, application/json"
        }
    }

    public var contentType: String {
        switch format {
        case .json: return "application/json"
        case .jsonapi: return "application/vnd.api+json"
        case .form: return "application/x-www-form-urlencoded"
        }
    }

    /// The bytes sent for `payload`.
    public func encode(_ payload: JSONValue) -> String {
        switch format {
        case .json:
            return payload.compactText
        case .jsonapi:
            let data: [String: JSONValue] = ["type": .string(type ?? ""), "attributes": payload]
            return JSONValue.object(["data": .object(data)]).compactText
        case .form:
            return FormEncoding.encode(payload)
        }
    }
}

/// `application/x-www-form-urlencoded` with bracket nesting, as Rails (Rack) and PHP parse it.
///
/// - objects nest as `user[address][city]`, arrays as `items[0][qty]` (explicit indexes, which both
///   read as the same item, unlike `items[][qty]`); keys in sorted order, so bodies are stable;
/// - `true` / `false` for booleans (what ActiveModel's boolean cast and PHP's
///   `FILTER_VALIDATE_BOOLEAN` read), numbers as written;
/// - a null or empty text is `key=` (an empty value: both frameworks read it as `""`, and Rails'
///   `presence` / PHP's `empty()` treat it as blank);
/// - an empty array or object sends nothing: the format cannot say "empty list" (fields left
///   empty are already left out of the payload);
/// - names and values are percent-encoded as browsers do (space as `+`, brackets as `%5B` `%5D`).
package enum FormEncoding {
    package static func encode(_ payload: JSONValue) -> String {
        var pairs: [(String, String)] = []
        switch payload {
        case .object(let members):
            for key in sortedKeys(members) {
                if let value = members[key] { flatten(value, name: key, into: &pairs) }
            }
        case .null, .bool, .number, .string, .array:
            flatten(payload, name: "value", into: &pairs)
        }
        return pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    private static func flatten(_ value: JSONValue, name: String, into pairs: inout [(String, String)]) {
        switch value {
        case .null: pairs.append((name, ""))
        case .bool(let b): pairs.append((name, b ? "true" : "false"))
        case .number(let n): pairs.append((name, n))
        case .string(let s): pairs.append((name, s))
        case .array(let items):
            for (index, item) in items.enumerated() { flatten(item, name: "\(name)[\(index)]", into: &pairs) }
        case .object(let members):
            for key in sortedKeys(members) {
                if let member = members[key] { flatten(member, name: "\(name)[\(key)]", into: &pairs) }
            }
        }
    }

    private static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
        members.keys.sorted(by: JSONValue.utf8Precedes)
    }

    /// The WHATWG `application/x-www-form-urlencoded` byte serializer.
    static func escape(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: isFormByte, spaceAsPlus: true)
    }

    /// ASCII letters, digits and `*-._`: what the serializer keeps as it is.
    private static func isFormByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
