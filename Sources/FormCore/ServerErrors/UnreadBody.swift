/// Every message in a JSON body no dialect could read, each with its key path, so the operator
/// sees what the server said (`errors.0.reason: too short`) instead of a bare failure.
///
/// Bounded: at most `maximumLines` lines (then one `... and N more` line), each at most
/// `maximumLength` characters, control characters replaced by spaces. Only strings are messages;
/// numbers, booleans and nulls are status codes, flags and the like. Values under keys that name
/// credentials (`token`, `secret`, `authorization`, ...) are shown as `[hidden]`; a password the
/// server repeats is masked by the wizard, which knows the typed secrets.
enum UnreadBody {
    static let maximumLines = 20
    static let maximumLength = 200

    static func messages(in json: JSONValue) -> [ServerError] {
        var found: [(path: String, text: String)] = []
        var total = 0
        collect(json, path: [], depth: 0, into: &found, total: &total)
        var errors = found.map { ServerError(path: nil, message: line($0.path, $0.text)) }
        if total > found.count {
            errors.append(ServerError(path: nil, message: "... and \(total - found.count) more in the server's answer"))
        }
        return errors
    }

    private static func collect(_ json: JSONValue, path: [String], depth: Int, into found: inout [(path: String, text: String)], total: inout Int) {
        guard depth < 32 else { return }
        switch json {
        case .string(let text):
            guard !text.trimmedWhitespace.isEmpty else { return }
            total += 1
            guard found.count < maximumLines else { return }
            let hidden = path.last.map(isSecretKey) ?? false
            found.append((path.joined(separator: "."), hidden ? "[hidden]" : text))
        case .array(let items):
            for (index, item) in items.enumerated() { collect(item, path: path + [String(index)], depth: depth + 1, into: &found, total: &total) }
        case .object(let members):
            for key in members.keys.sorted() {
                guard let value = members[key] else { continue }
                collect(value, path: path + [key], depth: depth + 1, into: &found, total: &total)
            }
        case .null, .bool, .number:
            return
        }
    }

    private static func line(_ path: String, _ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format ? " " : scalar
        })).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let full = path.isEmpty ? cleaned : "\(path): \(cleaned)"
        return full.count > maximumLength ? String(full.prefix(maximumLength - 3)) + "..." : full
    }

    private static func isSecretKey(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return ["secret", "token", "apikey", "api_key", "authorization", "cookie", "session"].contains { lowered.contains($0) }
    }
}
