/// Where each server error lands: on a visible field, or in the form's banner. Nothing is dropped.
package struct ErrorPlacement: Sendable, Equatable {
    /// Field name -> messages, for visible fields only.
    package var fieldErrors: [String: [String]]
    /// Form-level lines: non-field messages, and "path: message" for paths matching no field.
    package var banner: [String]
    /// Fields asked again without a message of their own: the other fields under a path that is a
    /// prefix of several (DRF's nested `non_field_errors` at `mgmt`, with `mgmt.ip`, `mgmt.mask`);
    /// the message is on the first of them, in `fieldErrors`.
    package var alsoAsked: [String]

    package init(fieldErrors: [String: [String]] = [:], banner: [String] = [], alsoAsked: [String] = []) {
        self.fieldErrors = fieldErrors
        self.banner = banner
        self.alsoAsked = alsoAsked
    }
}

/// Maps normalised server errors onto a form's fields.
///
/// A server path finds its field, trying in order:
/// 1. the exact name (`["address", "city"]` is the field `address.city`);
/// 2. the name compared case-insensitively, ignoring `_` and `-` (`Address.City`, `first-name`);
/// 3. the form's `submit.aliases` (server path text -> field name), exactly, then as in 2;
/// 4. the nearest parent that is a field by 1-3 (`items.0.name` lands on a field `items`); the
///    message then starts with the full server path, so the operator knows which part is wrong;
/// 5. the path without its leading segments, when what is left names a field by 1-4: framework
///    wrappers (`body`, django-ninja's view parameter `payload`, `data.attributes`, Rails'
///    `user[email]`) name no field of the form, and are dropped, shortest drop first.
///
/// Only visible fields count. An error whose path names no field, or that has no path, goes to
/// the first visible field whose `server_codes` lists its code (a code that is a URI also matches
/// by its last segment); else, when the path is a prefix of visible fields (DRF's nested
/// `non_field_errors` at `mgmt`, fields `mgmt.ip` and `mgmt.mask`), to all of them, the message on
/// the first in form order; else to the field of the first `submit.messages` route whose text its
/// message contains (ignoring case); else to the banner, as "path: message" when it has a path.
package enum ServerErrorMapper {
    package static func place(_ errors: [ServerError], in spec: FormSpec, visibleFields: Set<String>) -> ErrorPlacement {
        let index = FieldIndex(spec: spec, visibleFields: visibleFields)
        var placement = ErrorPlacement()
        for error in errors {
            let path = error.path.flatMap { $0.isEmpty ? nil : $0 }
            if let path, let (field, message) = index.place(path: path, message: error.message) {
                placement.fieldErrors[field, default: []].append(message)
            } else if let code = error.code, let field = index.field(forCode: code) {
                placement.fieldErrors[field, default: []].append(error.message)
            } else if let path, let group = index.fields(under: path) {
                placement.fieldErrors[group[0], default: []].append(error.message)
                for field in group.dropFirst() where !placement.alsoAsked.contains(field) {
                    placement.alsoAsked.append(field)
                }
            } else if let field = index.field(forMessage: error.message) {
                placement.fieldErrors[field, default: []].append(error.message)
            } else if path != nil {
                placement.banner.append("\(error.pathText ?? ""): \(error.message)")
            } else {
                placement.banner.append(error.message)
            }
        }
        return placement
    }
}

/// The visible fields of one form, looked up the ways `ServerErrorMapper` allows.
private struct FieldIndex {
    private let spec: FormSpec
    private let visible: Set<String>
    private let byLooseName: [String: String]
    private let aliases: [String: String]
    private let looseAliases: [String: String]

    init(spec: FormSpec, visibleFields: Set<String>) {
        self.spec = spec
        self.visible = visibleFields
        var loose: [String: String] = [:]
        for field in spec.fields where visibleFields.contains(field.name) {
            // The first field in form order wins if two only differ by case or separators.
            if loose[Self.loose(field.name)] == nil { loose[Self.loose(field.name)] = field.name }
        }
        self.byLooseName = loose
        // Alias keys may be written as the server spells them (`items[0].name`, `$.age`).
        var aliases: [String: String] = [:]
        var looseAliases: [String: String] = [:]
        for key in spec.submit.aliases.keys.sorted() {
            guard let field = spec.submit.aliases[key] else { continue }
            let canonical = ServerPath.dotted(key).map { $0.map(\.description).joined(separator: ".") } ?? key
            if aliases[canonical] == nil { aliases[canonical] = field }
            if looseAliases[Self.loose(canonical)] == nil { looseAliases[Self.loose(canonical)] = field }
        }
        self.aliases = aliases
        self.looseAliases = looseAliases
    }

    /// The field a path lands on and the message to show there (rules 1-5 of `ServerErrorMapper`).
    func place(path: [ServerError.PathComponent], message: String) -> (String, String)? {
        for dropped in 0..<path.count {
            let rest = Array(path.dropFirst(dropped))
            guard let (field, depth) = field(for: rest) else { continue }
            if depth == rest.count { return (field, message) }
            let restText = rest.map(\.description).joined(separator: ".")
            return (field, "\(restText): \(message)")
        }
        return nil
    }

    /// The visible fields, in form order, whose names continue `path` (`mgmt` -> `mgmt.ip`,
    /// `mgmt.mask`), compared as in rules 1-2, after dropping leading segments that name nothing
    /// (as rule 5); nil when no field does.
    func fields(under path: [ServerError.PathComponent]) -> [String]? {
        for dropped in 0..<path.count {
            let prefix = Self.loose(path.dropFirst(dropped).map(\.description).joined(separator: ".")) + "."
            let under = spec.fields.map(\.name).filter { visible.contains($0) && Self.loose($0).hasPrefix(prefix) }
            if !under.isEmpty { return under }
        }
        return nil
    }

    /// The field of the first message route whose text the message contains.
    func field(forMessage message: String) -> String? {
        spec.submit.messageRoutes.first { visible.contains($0.field) && $0.matches(message) }?.field
    }

    /// The field for a path and how many leading components of the path it covers.
    func field(for path: [ServerError.PathComponent]) -> (String, Int)? {
        for depth in stride(from: path.count, through: 1, by: -1) {
            let text = path.prefix(depth).map(\.description).joined(separator: ".")
            if let field = field(forText: text) { return (field, depth) }
        }
        return nil
    }

    private func field(forText text: String) -> String? {
        if visible.contains(text) { return text }
        if let field = byLooseName[Self.loose(text)] { return field }
        if let field = aliases[text], visible.contains(field) { return field }
        if let field = looseAliases[Self.loose(text)], visible.contains(field) { return field }
        return nil
    }

    func field(forCode code: String) -> String? {
        let lastSegment = Self.lastSegment(ofCode: code)
        return spec.fields.first { field in
            visible.contains(field.name)
                && field.serverCodes.contains { $0 == code || $0 == lastSegment }
        }?.name
    }

    /// The part of a URI code a form lists in `server_codes`: a problem `type` URL's last path
    /// segment (`https://x/problems/taken` -> `taken`), a URN's last colon-separated part
    /// (Symfony's violation `type`, `urn:uuid:9ff3fdc4-...` -> `9ff3fdc4-...`); nil for a plain code.
    static func lastSegment(ofCode code: String) -> String? {
        if code.lowercased().hasPrefix("urn:") {
            return code.split(separator: ":").last.map(String.init)
        }
        guard code.contains("/") else { return nil }
        return code.split(separator: "/").last.map(String.init)
    }

    /// The key for loose comparison: lowercased, `_` and `-` removed (`Address.City`, `first-name`).
    static func loose(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }
}
