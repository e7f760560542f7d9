import FormCore
import Yams

/// A field's `server_check` as read, with the positions of the names it uses: the placeholders
/// and the fields its `defaults` fill are checked by `FormReader`, which knows the field order.
struct ServerCheckDraft {
    var check: ServerCheck
    /// `{name}` placeholders other than `{value}`, where they were written.
    var placeholders: [(String, Position)]
    /// The fields `defaults` names.
    var defaultTargets: [(String, Position)]
    let position: Position
}

/// Reads `server_check: {method, path, query, body, on_failure, timeout, lookup, defaults, fake}`
/// (docs/checks.md).
struct ServerCheckReader {
    static let keys = ["method", "path", "query", "body", "on_failure", "timeout", "lookup", "defaults", "fake"]
    static let fakeKeys = ["refuse", "message", "answers"]

    let reader: YAMLNodeReader
    private var diagnostics: Diagnostics { reader.diagnostics }

    func read(_ entry: Entry) -> ServerCheckDraft? {
        guard let mapping = reader.mapping(entry.value, "server_check") else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.keys, context: "server_check")
        var check = ServerCheck(path: "/")
        var placeholders: [(String, Position)] = []
        var ok = true

        if let e = entries["method"], let raw = reader.string(e) {
            if let method = ServerCheck.Method(rawValue: raw) {
                check.method = method
            } else {
                diagnostics.error("server_check method must be GET or POST, not \"\(TextCleaning.oneLine(raw, limit: 40))\"", at: e.valuePosition)
                ok = false
            }
        }
        if let e = entries["path"], let path = reader.string(e) {
            if path.hasPrefix("/") && !path.contains(where: { $0.isWhitespace }) && !path.containsControlCharacters {
                check.path = path
                placeholders += SubmitPath.fieldNames(in: path).map { ($0, e.valuePosition) }
            } else {
                diagnostics.error("server_check path \"\(TextCleaning.oneLine(path, limit: 80))\" must start with / and have no spaces", at: e.valuePosition)
                ok = false
            }
        } else if entries["path"] == nil {
            reader.missing("path", in: entries, ": where the check is asked (/api/usernames/{value})")
            ok = false
        }
        if let e = entries["query"] {
            if let pairs = parameters(e) {
                check.query = pairs.map(\.0)
                placeholders += pairs.flatMap { pair in SubmitPath.fieldNames(in: pair.0.template).map { ($0, pair.1) } }
            } else {
                ok = false
            }
        }
        if let e = entries["body"] {
            if check.method != .POST {
                diagnostics.error("a server_check body goes with method: POST (a GET sends the answer in the path or query)", at: e.keyPosition)
                ok = false
            } else if let pairs = parameters(e) {
                check.body = pairs.map(\.0)
                placeholders += pairs.flatMap { pair in SubmitPath.fieldNames(in: pair.0.template).map { ($0, pair.1) } }
            } else {
                ok = false
            }
        }
        if let e = entries["on_failure"], let raw = reader.string(e) {
            if let choice = ServerCheck.OnFailure(rawValue: raw) {
                check.onFailure = choice
            } else {
                diagnostics.error("on_failure must be accept or refuse, not \"\(TextCleaning.oneLine(raw, limit: 40))\"", at: e.valuePosition)
                ok = false
            }
        }
        if let e = entries["timeout"], let seconds = reader.count(e) {
            if (1...ServerCheck.maximumTimeoutSeconds).contains(seconds) {
                check.timeoutSeconds = seconds
            } else {
                diagnostics.error("timeout is seconds from 1 to \(ServerCheck.maximumTimeoutSeconds), not \(seconds)", at: e.valuePosition)
                ok = false
            }
        }
        if let e = entries["lookup"], let text = reader.string(e) {
            if let pointer = pointer(text, at: e.valuePosition) { check.lookup = pointer } else { ok = false }
        }
        var targets: [(String, Position)] = []
        if let e = entries["defaults"] {
            if let defaults = reader.mapping(e.value, "defaults") {
                for pair in reader.entries(of: defaults, allowed: nil, context: "defaults").ordered {
                    guard let text = reader.string(pair), let pointer = pointer(text, at: pair.valuePosition) else {
                        ok = false
                        continue
                    }
                    check.defaults.append(.init(field: pair.key, pointer: pointer))
                    targets.append((pair.key, pair.keyPosition))
                }
            } else {
                ok = false
            }
        }
        if let e = entries["fake"] {
            if let fake = readFake(e) { check.fake = fake } else { ok = false }
        }
        guard ok else { return nil }
        return ServerCheckDraft(check: check, placeholders: placeholders, defaultTargets: targets, position: entry.keyPosition)
    }

    /// `query:` or `body:`: a mapping of names to text with placeholders.
    private func parameters(_ e: Entry) -> [(ServerCheck.Parameter, Position)]? {
        guard let mapping = reader.mapping(e.value, e.key) else { return nil }
        var out: [(ServerCheck.Parameter, Position)] = []
        for pair in reader.entries(of: mapping, allowed: nil, context: e.key).ordered {
            guard let template = reader.string(pair) else { return nil }
            out.append((ServerCheck.Parameter(name: pair.key, template: template), pair.valuePosition))
        }
        return out
    }

    private func pointer(_ text: String, at position: Position) -> JSONPointer? {
        if let pointer = JSONPointer(text) { return pointer }
        diagnostics.error(
            "\"\(TextCleaning.oneLine(text, limit: 60))\" is not a JSON pointer (write /name or /items/0/price)", at: position)
        return nil
    }

    /// `fake: {refuse: [..], message: .., answers: {VALUE: {key: text, ..}}}`.
    private func readFake(_ e: Entry) -> FakeCheckRule? {
        guard let mapping = reader.mapping(e.value, "fake") else { return nil }
        let entries = reader.entries(of: mapping, allowed: Self.fakeKeys, context: "a check's fake")
        var rule = FakeCheckRule(message: "")
        var ok = true
        if let r = entries["refuse"], let items = reader.stringList(r) {
            rule.refuse = items.map(\.0)
            if let m = entries["message"], let text = reader.text(m) {
                rule.message = text
            } else if entries["message"] == nil {
                reader.missing("message", in: entries, ": what the fake answers for a refused value")
                ok = false
            }
        } else if entries["refuse"] != nil {
            ok = false
        }
        if let a = entries["answers"] {
            guard let answers = reader.mapping(a.value, "answers") else { return nil }
            for pair in reader.entries(of: answers, allowed: nil, context: "answers").ordered {
                guard let record = reader.mapping(pair.value, "each answer") else {
                    ok = false
                    continue
                }
                var members: [String: JSONValue] = [:]
                for member in reader.entries(of: record, allowed: nil, context: "an answer").ordered {
                    guard let text = reader.text(member) else {
                        ok = false
                        continue
                    }
                    members[member.key] = .string(text)
                }
                rule.answers[pair.key] = .object(members)
            }
        }
        return ok ? rule : nil
    }
}
