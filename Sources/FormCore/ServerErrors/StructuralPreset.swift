/// A built-in dialect as a preset of the structural reader (issue 28): one of the two shapes
/// `StructuralReader` follows in any body, with the keys fixed as the framework writes them and
/// read strictly (a value of the wrong kind means "not this dialect", so `auto` goes on).
///
/// - `keyed`: errors keyed by path, each a list of messages (Laravel, ASP.NET ModelState, Rails):
///   the structural rule "a list of messages under its key path", with the key read as a path;
/// - `entries`: a list of entries pairing a path key with a message key (an `ErrorShape`:
///   FastAPI's `detail`, JSON:API, drf-standardized-errors, Symfony's violations, Spring and
///   express-validator): the structural rule "an entry pairing a path key with a message key".
///
/// `formline explain` names the preset and the rule that read each message
/// (docs/server-errors.md, *Presets*). The dialects whose meaning is more than this (DRF's
/// nesting, Problem Details' several lists and summary, ajv's `missingProperty`) keep a reader of
/// their own; their files say why.
struct StructuralPreset: Sendable {
    enum Layout: Sendable {
        case keyed(KeyedMessages)
        case entries(ErrorShape)
    }

    /// The dialect (or flavour) it reads, as `explain` names it: `laravel`, `problem (Symfony)`.
    let name: String
    let layout: Layout

    /// One error and the structural rule that read it.
    struct Read: Sendable, Equatable {
        var error: ServerError
        var rule: StructuralReader.Rule
    }

    /// The errors, or nil when the body is not in this preset's shape.
    func read(_ json: JSONValue) -> [Read]? {
        switch layout {
        case .keyed(let keyed): return keyed.read(json)
        case .entries(let shape):
            return shape.parse(json)?.map { Read(error: $0, rule: $0.path == nil ? .entryWithoutPath : .pairEntry) }
        }
    }

    func parse(_ json: JSONValue) -> [ServerError]? { read(json)?.map(\.error) }

    /// What `explain` says read an error: `the laravel preset of the structural reader
    /// (`errors`: each key a path to a list of messages): a list of messages under its key path`.
    func explained(_ json: JSONValue) -> [(error: ServerError, rule: String)]? {
        read(json)?.map { ($0.error, "the \(name) preset of the structural reader (\(configuration)): \($0.rule.rawValue)") }
    }

    /// The preset's keys in words.
    var configuration: String {
        switch layout {
        case .keyed(let keyed): return keyed.configuration
        case .entries(let shape):
            func keys(_ list: [String]) -> String { list.map { "`\($0)`" }.joined(separator: "/") }
            var words = [shape.list.isEmpty ? "entries of the body's list" : "entries of `\(shape.list.joined(separator: "."))`"]
            let syntax = switch shape.pathSyntax {
            case .dotted: "dotted"
            case .bracket: "bracket syntax"
            case .pointer: "a JSON Pointer"
            case .loc: "a list of keys"
            }
            if !shape.path.isEmpty { words.append("path \(keys(shape.path)) (\(syntax))") }
            words.append("message \(keys(shape.message))")
            if !shape.code.isEmpty { words.append("code \(keys(shape.code))") }
            return words.joined(separator: ", ")
        }
    }
}

/// Errors keyed by path, each a list of messages: `{"errors": {"items.0.qty": ["..."]}}`.
struct KeyedMessages: Sendable {
    /// The key holding the object of path -> messages.
    var container: String
    /// What a body without `container` is.
    var whenAbsent: Absent
    /// How a key's value gives its messages.
    var values: Values = .strict
    /// Keys that mean "the object as a whole": a non-field error (Rails' `base`), listed first;
    /// as a path's last segment (`lines[1].base`), the error of the path before it.
    var nonFieldKeys: Set<String> = []
    /// Summary keys, best first: the one non-field error when the container holds none
    /// (Laravel's `message`, ASP.NET's `detail` / `title`); beside errors a summary only summarises.
    var summaryWhenEmpty: [String] = []
    /// A list (not an object) under `container` is full messages, each a non-field error (Rails'
    /// `{"errors": ["Email has already been taken"]}`); otherwise it is not this shape.
    var listIsFullMessages = false

    enum Absent: Sendable {
        /// Not this shape.
        case notThisShape
        /// This shape only when a `summaryWhenEmpty` key is present (Laravel's bare `message`).
        case summaryOnly
        /// The body itself is the object of path -> messages (Rails renders `record.errors` so).
        case bodyItself
    }

    enum Values: Sendable {
        /// A string, or a list of strings (numbers and booleans as written).
        case strict
        /// A value or a list of values, each a message or an `errors.details` entry
        /// `{"error": "blank"}` (Rails), whose `error` is the code and the message unless a
        /// `message` is given.
        case withDetailEntries
    }

    var configuration: String {
        var words = ["`\(container)`: each key a path to a list of messages"]
        if whenAbsent == .bodyItself { words.append("or the body itself") }
        if !nonFieldKeys.isEmpty { words.append("non-field key " + nonFieldKeys.sorted().map { "`\($0)`" }.joined(separator: "/")) }
        if values == .withDetailEntries { words.append("`{error}` detail entries") }
        if listIsFullMessages { words.append("a list of full messages") }
        if !summaryWhenEmpty.isEmpty { words.append("summary " + summaryWhenEmpty.map { "`\($0)`" }.joined(separator: "/") + " only without errors") }
        return words.joined(separator: ", ")
    }

    func read(_ json: JSONValue) -> [StructuralPreset.Read]? {
        guard let object = json.objectValue else { return nil }
        var found: [StructuralPreset.Read] = []
        if let value = object[container] {
            if listIsFullMessages, let list = value.arrayValue {
                for item in list {
                    guard let message = item.scalarText else { return nil }
                    found.append(.init(error: ServerError(path: nil, message: message), rule: .fullMessage))
                }
                return found
            }
            guard let members = value.objectValue, let keyed = read(members: members) else { return nil }
            found = keyed
        } else {
            switch whenAbsent {
            case .notThisShape: return nil
            case .summaryOnly: guard summaryWhenEmpty.contains(where: { object[$0] != nil }) else { return nil }
            case .bodyItself: return read(members: object)
            }
        }
        if found.isEmpty, let summary = summaryWhenEmpty.lazy.compactMap({ object[$0]?.stringValue }).first {
            found.append(.init(error: ServerError(path: nil, message: summary), rule: .summary))
        }
        return found
    }

    private func read(members: [String: JSONValue]) -> [StructuralPreset.Read]? {
        var found: [StructuralPreset.Read] = []
        let keys = members.keys.sorted { a, b in
            nonFieldKeys.contains(a) != nonFieldKeys.contains(b) ? nonFieldKeys.contains(a) : a < b
        }
        for key in keys {
            guard let value = members[key] else { continue }
            let path = self.path(key)
            let nonField = path == nil
            switch values {
            case .strict:
                guard let messages = MessageList.strings(value) else { return nil }
                let rule: StructuralReader.Rule = nonField ? .nonFieldMarker : value.arrayValue == nil ? .keyedMessage : .messageList
                found += messages.map { .init(error: ServerError(path: path, message: $0), rule: rule) }
            case .withDetailEntries:
                let items = value.arrayValue ?? [value]
                for item in items {
                    if let message = item.scalarText {
                        let rule: StructuralReader.Rule = nonField ? .nonFieldMarker : value.arrayValue == nil ? .keyedMessage : .messageList
                        found.append(.init(error: ServerError(path: path, message: message), rule: rule))
                    } else if let detail = item["error"]?.stringValue {
                        found.append(.init(error: ServerError(path: path, message: item["message"]?.stringValue ?? detail, code: detail),
                                           rule: nonField ? .nonFieldMarker : .entry))
                    } else {
                        return nil
                    }
                }
            }
        }
        return found
    }

    /// A key's path: nil for a non-field key or marker (`base`, `""`, `$`); a trailing non-field
    /// key is the object before it (`lines[1].base` is `lines.1`).
    private func path(_ key: String) -> [ServerError.PathComponent]? {
        if nonFieldKeys.contains(key) { return nil }
        guard var components = ServerPath.dotted(key) else { return nil }
        if components.count > 1, case .key(let last)? = components.last, nonFieldKeys.contains(last) { components.removeLast() }
        return components
    }
}
