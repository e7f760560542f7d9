/// Reads a JSON error body no dialect reads by its structure alone: every message text in it,
/// with the key path that leads to it, so `ServerErrorMapper` can resolve that path against the
/// form (dropping wrapper segments that name no field, reading a list's index as its item).
/// Written for stacks nobody wrote a dialect for (flask-smorest, Litestar, APIFlask: see
/// docs/server-errors.md, *Reading by structure*). Most built-in dialects are presets of it
/// (`StructuralPreset`: its two shapes with the keys fixed as a framework writes them).
///
/// The rules, in the order the walk applies them:
/// - a string is a message at its key path (`{"fields":{"mrn":"is taken"}}` -> `fields.mrn`);
/// - a list's strings are messages of the list's path: the index into a list of messages is
///   dropped (`{"mrn":["a","b"]}` -> two errors at `mrn`); a list of objects keeps its index
///   (`{"lines":[{},{"qty":[".."]}]}` -> `lines.1.qty`), and a key of digits is an index too
///   (`{"items":{"1":{"code":[..]}}}` -> `items.1.code`);
/// - an *entry* (an object with a message key and no other nested errors) is one error: its path
///   from its path key when it has one (`{"key":"mrn","message":".."}`: the path replaces where
///   the entry sits), else where it sits; its code from its code key;
/// - a non-field marker (`_schema`, `__all__`, `non_field_errors`, `base`, an empty path) makes
///   the error one of the object holding it, and a path made only of wrapper names (`errors.json`,
///   `body`) is no path at all: a non-field error shown without its key;
/// - keys that describe the response (`status`, `code`, `type`, `instance`, `timestamp`, `path`,
///   ...) are not errors at the top level or beside nested errors, and summaries (`detail`,
///   `message`, `description`, `error`, `title`) there are shown only when nothing else is found.
///
/// Bounded: a depth of 32, at most `maximumErrors` errors (then one `... and N more` line, N
/// exact unless the walk stopped at `maximumNodes` values: then `... and at least N more`), each
/// message at most `maximumMessageLength` characters; credentials under secret keys are hidden.
enum StructuralReader {
    static let maximumErrors = 500
    static let maximumDepth = 32
    static let maximumMessageLength = 500
    /// The most values the walk looks at: past `maximumErrors` it keeps walking only to count
    /// the rest exactly, and this bounds that work on a hostile body.
    static let maximumNodes = 100_000

    /// How a message was found: `formline explain` names it.
    enum Rule: String, Sendable, Equatable {
        case keyedMessage = "a message under its key path"
        case messageList = "a list of messages under its key path (the list's index dropped)"
        case pairEntry = "an entry pairing a path key with a message key"
        case entry = "an entry with a message key, under its key path"
        case entryWithoutPath = "an entry with a message key and no path (or a non-field one): a non-field error"
        case fullMessage = "a full message in a list of them: a non-field error"
        case nonFieldMarker = "a non-field marker: an error of the object holding it"
        case summary = "the body's summary (it holds no other error)"
        case overflow = "more errors than formline reads"
    }

    struct Found: Sendable, Equatable {
        var error: ServerError
        var rule: Rule
    }

    static func read(_ json: JSONValue) -> [ServerError] { found(json).map(\.error) }

    static func found(_ json: JSONValue) -> [Found] {
        var walk = Walk()
        walk.visit(json, path: [], depth: 0, marked: false)
        if walk.found.isEmpty, let summary = walk.bestSummary {
            walk.emit(nil, summary, rule: .summary)
        }
        var found = walk.found
        if walk.total > found.count || walk.cut {
            let atLeast = walk.cut ? "at least " : ""
            found.append(Found(error: ServerError(path: nil, message: "... and \(atLeast)\(walk.total - found.count) more in the server's answer"),
                               rule: .overflow))
        }
        return found
    }

    /// The errors the structure finds in `json` that a dialect's `errors` left out: a message text
    /// (compared within the length the structure keeps) that is none of theirs, nor one of their
    /// codes (Rails' `errors.details` `{"error":"blank"}` is the code of a message already read).
    /// Summaries are left out as always. Empty when the dialect read every message.
    static func unread(by errors: [ServerError], in json: JSONValue) -> [ServerError] {
        let cut = maximumMessageLength - 3
        var known = Set(errors.map { String($0.message.prefix(cut)) })
        for error in errors { if let code = error.code { known.insert(String(code.prefix(cut))) } }
        return found(json).filter { found in
            found.rule != .summary && found.rule != .overflow && !known.contains(String(found.error.message.prefix(cut)))
        }.map(\.error)
    }

    // MARK: Key names

    /// Keys whose string names an entry's message, in the order tried.
    static let messageKeys = ["message", "msg", "detail", "defaultMessage", "default_message", "description", "reason", "error_message", "errorMessage", "title"]
    /// Keys whose value names an entry's field path, in the order tried.
    static let pathKeys = ["field", "key", "path", "loc", "pointer", "property", "propertyPath", "property_path", "attr", "attribute",
                           "field_name", "fieldName", "instancePath", "dataPath", "param", "parameter", "name", "target", "source"]
    /// Keys whose scalar is an entry's code (for `server_codes`).
    static let codeKeys = ["code", "type", "keyword", "rule", "error_code", "errorCode"]
    /// Keys that never hold errors: echoes of the input, templates, links, traces, the document's
    /// own version (JSON:API's `{"jsonapi":{"version":"1.1"}}`).
    static let metadataKeys: Set<String> = ["input", "ctx", "params", "parameters", "context", "schemaPath", "links", "meta",
                                            "documentation_url", "rejectedValue", "arguments", "codes", "traceback", "stack", "stacktrace", "trace",
                                            "jsonapi", "version", "apiVersion", "api_version", "value"]
    /// Metadata: the keys above, and JSON-LD's and Hydra's (`@context`, `@type`, `hydra:...`:
    /// API Platform puts its violations beside them).
    static func isMetadata(_ key: String) -> Bool {
        metadataKeys.contains(key) || key.hasPrefix("@") || key.hasPrefix("hydra:")
    }
    /// Keys describing the response rather than an error, when their value is a scalar.
    static let responseKeys: Set<String> = ["status", "status_code", "statusCode", "code", "type", "instance", "timestamp", "path", "method",
                                            "url", "traceId", "trace_id", "requestId", "request_id", "error_code", "errorCode", "success", "ok"]
    /// Summaries, best first: shown only when the body holds no other error.
    static let summaryKeys = ["detail", "message", "description", "error", "title"]
    /// A key, or a path's last segment, that means "the object holding it as a whole".
    static let nonFieldMarkers: Set<String> = ["_schema", "__all__", "non_field_errors", "nonFieldErrors", "base", "", "$", "#", "/"]
    /// Names frameworks wrap errors in: a path made only of these names no field.
    static let wrapperNames: Set<String> = ["errors", "error", "json", "body", "detail", "details", "fields", "field_errors", "fieldErrors",
                                            "form", "query", "querystring", "data", "attributes", "extra", "validation", "validation_errors",
                                            "validationErrors", "violations", "messages", "invalid_params", "invalid-params", "headers",
                                            "cookies", "files", "view_args", "match_info", "request"]

    private static let secretWords = ["secret", "token", "apikey", "api_key", "authorization", "cookie", "session"]

    // MARK: The walk

    private struct Walk {
        var found: [Found] = []
        var total = 0
        /// Values looked at, and whether the walk stopped at `maximumNodes` (`total` then a floor).
        var visited = 0
        var cut = false
        /// (priority in `summaryKeys`, text)
        var summaries: [(Int, String)] = []

        var bestSummary: String? { summaries.min { $0.0 < $1.0 }?.1 }

        /// One error; `path` nil is no field, else resolved by `fieldPath`.
        mutating func emit(_ path: [ServerError.PathComponent]?, _ text: String, code: String? = nil, rule: Rule) {
            guard !text.trimmedWhitespace.isEmpty else { return }
            total += 1
            guard found.count < StructuralReader.maximumErrors else { return }
            var message = text
            // A credential the server echoes under its own key (`"auth_token": "..."`) is not shown.
            if rule == .keyedMessage, case .key(let last)? = path?.last, StructuralReader.isSecret(last) { message = "[hidden]" }
            if message.count > StructuralReader.maximumMessageLength {
                message = String(message.prefix(StructuralReader.maximumMessageLength - 3)) + "..."
            }
            found.append(Found(error: ServerError(path: path.flatMap(StructuralReader.fieldPath), message: message, code: code), rule: rule))
        }

        /// `marked`: under a non-field marker, so the errors are the holding object's (`path`).
        mutating func visit(_ json: JSONValue, path: [ServerError.PathComponent], depth: Int, marked: Bool) {
            // Past `maximumErrors` the walk goes on, only counting (`emit` keeps no more), so the
            // `... and N more` line is exact; `maximumNodes` bounds that work.
            guard depth < StructuralReader.maximumDepth, take() else { return }
            switch json {
            case .string(let text):
                emit(path, text, rule: marked ? .nonFieldMarker : .keyedMessage)
            case .array(let items):
                for (index, item) in items.enumerated() {
                    switch item {
                    case .string(let text):
                        guard take() else { return }
                        emit(path, text, rule: marked ? .nonFieldMarker : .messageList)
                    case .object(let members) where StructuralReader.isEntry(members):
                        guard take() else { return }
                        entry(members, at: path, marked: marked, topLevel: false)
                    default:
                        visit(item, path: path + [.index(index)], depth: depth + 1, marked: marked)
                    }
                }
            case .object(let members):
                // The body itself is an entry only when it names a field (`{"field":..,"message":..}`);
                // `{"code":400,"message":..,"status":..}` is a response with a summary.
                if StructuralReader.isEntry(members), depth > 0 || StructuralReader.pathKey(in: members, topLevel: true) != nil {
                    entry(members, at: path, marked: marked, topLevel: depth == 0)
                    return
                }
                // At the top level, or beside nested errors, scalars under response keys describe
                // the response and summaries summarise (`{"status":422,"errors":{..}}`); in a flat
                // map of fields (`{"code":"is invalid"}`) they are fields like any other.
                let describing = depth == 0 || members.values.contains { $0.isContainer }
                for key in members.keys.sorted() {
                    guard let value = members[key], !StructuralReader.isMetadata(key) else { continue }
                    if describing, !value.isContainer {
                        if let priority = StructuralReader.summaryKeys.firstIndex(of: key) {
                            if let text = value.stringValue { summaries.append((priority, text)) }
                            continue
                        }
                        if StructuralReader.responseKeys.contains(key) { continue }
                    }
                    if StructuralReader.nonFieldMarkers.contains(key) {
                        visit(value, path: path, depth: depth + 1, marked: true)
                    } else {
                        visit(value, path: path + [ServerPath.component(key)], depth: depth + 1, marked: marked)
                    }
                }
            case .null, .bool, .number:
                return
            }
        }

        /// Counts one value looked at; false once `maximumNodes` are (the walk then stops).
        mutating func take() -> Bool {
            guard visited < StructuralReader.maximumNodes else {
                cut = true
                return false
            }
            visited += 1
            return true
        }

        /// One entry: its own path when it names one (replacing where it sits), else where it sits.
        mutating func entry(_ members: [String: JSONValue], at path: [ServerError.PathComponent], marked: Bool, topLevel: Bool) {
            guard let (messageKey, message) = StructuralReader.messageKeys.lazy.compactMap({ key in
                members[key].flatMap(StructuralReader.messageText).map { (key, $0) }
            }).first else { return }
            // express-validator's `msg` may be `{message, code}`: its code is the entry's.
            let code = members[messageKey]?["code"]?.scalarText
                ?? StructuralReader.codeKeys.lazy.filter { $0 != messageKey }.compactMap { members[$0]?.scalarText }.first
            guard let pathKey = StructuralReader.pathKey(in: members, topLevel: topLevel),
                  let value = members[pathKey] else {
                emit(path, message, code: code, rule: marked ? .nonFieldMarker : .entry)
                return
            }
            let entryPath = StructuralReader.entryPath(value)
            let resolved = entryPath.flatMap(StructuralReader.fieldPath)
            emit(resolved, message, code: code, rule: resolved == nil ? .nonFieldMarker : .pairEntry)
        }
    }

    /// The key naming an entry's field path. In the body itself, `path`, `instance` and `url`
    /// holding a request's location (`"/api/receipts"`, `"http://..."`) describe the response
    /// (Spring's `{"timestamp":..,"message":..,"path":"/api/receipts"}`), not a field.
    static func pathKey(in members: [String: JSONValue], topLevel: Bool) -> String? {
        pathKeys.first { key in
            guard let value = members[key], isPathValue(value) else { return false }
            if topLevel, ["path", "instance", "url"].contains(key), let text = value.stringValue,
               text.hasPrefix("/") || text.hasPrefix("http:") || text.hasPrefix("https:") {
                return false
            }
            return true
        }
    }

    /// An object holding a message under a message key and no further errors of its own (other
    /// objects or lists only under path, source and metadata keys).
    static func isEntry(_ members: [String: JSONValue]) -> Bool {
        guard let messageKey = messageKeys.first(where: { members[$0].flatMap(messageText) != nil }) else { return false }
        return members.allSatisfy { key, value in
            !value.isContainer || key == messageKey || isMetadata(key) || key == "loc" || key == "source" || key == "path"
        }
    }

    /// A message key's text: a string, or an object's `message` (express-validator's `msg` as
    /// `{message, code}`).
    static func messageText(_ value: JSONValue) -> String? {
        value.stringValue ?? value["message"]?.stringValue
    }

    /// A value a path key can hold: text, a list of keys and indexes, null (no field), or a
    /// JSON:API-style `source` object with a pointer or parameter. (Litestar's `"source": "body"`
    /// beside its `key` loses to `key`, tried first; alone it is a wrapper name: no field.)
    static func isPathValue(_ value: JSONValue) -> Bool {
        switch value {
        case .string, .array, .null: return true
        case .object(let members): return members["pointer"] != nil || members["parameter"] != nil || members["header"] != nil
        default: return false
        }
    }

    /// An entry's path; nil for "no field".
    static func entryPath(_ value: JSONValue) -> [ServerError.PathComponent]? {
        switch value {
        case .string(let text):
            let trimmed = text.trimmedWhitespace
            if wrapperNames.contains(trimmed) { return nil }
            if trimmed.hasPrefix("/") || trimmed.hasPrefix("#") { return ServerPath.pointer(trimmed) }
            return ServerPath.dotted(trimmed)
        case .array(let items):
            let components = items.prefix(ServerErrorMapper.maximumPathLength + 1).compactMap(ServerPath.component)
            return components.isEmpty ? nil : components
        case .object(let members):
            if let pointer = members["pointer"]?.stringValue { return ServerPath.pointer(pointer) }
            return (members["parameter"] ?? members["header"])?.stringValue.flatMap(ServerPath.dotted)
        default:
            return nil
        }
    }

    /// A path as an error's: a trailing non-field marker dropped (the object before it), nil when
    /// nothing is left or only wrapper names are (`errors.json._schema`, `["body"]`).
    static func fieldPath(_ path: [ServerError.PathComponent]) -> [ServerError.PathComponent]? {
        var path = path
        while case .key(let last)? = path.last, nonFieldMarkers.contains(last) { path.removeLast() }
        let onlyWrappers = path.allSatisfy { component in
            if case .key(let key) = component { return wrapperNames.contains(key) }
            return false
        }
        return onlyWrappers ? nil : path
    }

    static func isSecret(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return secretWords.contains { lowered.contains($0) }
    }
}

extension JSONValue {
    /// An object or a list: something that may hold errors of its own.
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }
}
