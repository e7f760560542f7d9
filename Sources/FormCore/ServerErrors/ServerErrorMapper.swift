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
///    `user[email]`) name no field of the form, and are dropped, shortest drop first (never a
///    list and its index: `lines.6.qty` does not become a top-level `qty`).
///
/// Items of lists (`ItemNames`): an index that follows a list of the form is 0-based on the wire
/// and names the concrete field with the 1-based item number (`lines[1].qty` is `lines.2.qty`);
/// paths in messages and banners are written in those terms too.
///
/// Only visible fields count. An error whose path names no field, or that has no path, goes to
/// the first visible field whose `server_codes` lists its code (a code that is a URI also matches
/// by its last segment); else, when the path names an item's field without saying which item
/// (Rails without `index_errors`: `lines.qty`), to that field of every item, the message on the
/// first; else, when the path is a prefix of visible fields (DRF's nested `non_field_errors` at
/// `mgmt`, fields `mgmt.ip` and `mgmt.mask`; an item `lines.2`), to all of them, the message on
/// the first in form order; else to the field of the first `submit.messages` route whose text its
/// message contains (ignoring case); else to the banner, as "path: message" when it has a path.
/// A route to a list's member (`medications.code`) lands on the item the error's path names
/// (`medications[1]` is `medications.2.code`), and before the item's fields are all asked: the
/// route says which of them the message is about. Without an item in the path it does not apply.
/// A path naming a whole list (`lines: at least 2 items`) is never spread over its items: what
/// fixes it (another item, other quantities) is not one field, so it is a banner line above the
/// review, unless a code or a message route places it.
///
/// Bounded: a path longer than `maximumPathLength` components names no field (no form nests that
/// deep) and is looked up by code and message only, its banner text cut there, so a hostile
/// pointer of thousands of segments costs no more than a short one.
package enum ServerErrorMapper {
    package static let maximumPathLength = 64

    /// The form's own fields (a form without lists, or before its items are known).
    package static func place(_ errors: [ServerError], in spec: FormSpec, visibleFields: Set<String>) -> ErrorPlacement {
        place(errors, in: spec, fields: spec.fields, visibleFields: visibleFields)
    }

    /// The concrete fields the walk has (`lines.2.qty`, `vlans.3`), in walk order: a wire index i
    /// of a list is item i+1. `spec` gives the aliases and message routes; `visibleFields` holds
    /// concrete names.
    package static func place(_ errors: [ServerError], in spec: FormSpec, fields: [Field], visibleFields: Set<String>) -> ErrorPlacement {
        let index = FieldIndex(spec: spec, fields: fields, visibleFields: visibleFields)
        var placement = ErrorPlacement()
        // `alsoAsked` as a set too: a hostile server repeating `lines.qty` over 200 items stays linear.
        var alsoAsked: Set<String> = []
        for error in errors {
            placeOne(error, index: index, into: &placement, alsoAsked: &alsoAsked)
        }
        return placement
    }

    /// The rule that places `error` (`formline explain` prints it), in the words of the rules above.
    package static func rule(for error: ServerError, in spec: FormSpec, fields: [Field], visibleFields: Set<String>) -> String {
        let index = FieldIndex(spec: spec, fields: fields, visibleFields: visibleFields)
        var placement = ErrorPlacement()
        var alsoAsked: Set<String> = []
        return placeOne(error, index: index, into: &placement, alsoAsked: &alsoAsked)
    }

    /// Where each of the first `limit` errors lands, one field index for all: for the diagnostic
    /// log (`PlacedServerError`), which names the path, the code and the field, never a message.
    package static func placeEach(_ errors: [ServerError], in spec: FormSpec, fields: [Field], visibleFields: Set<String>, limit: Int) -> [PlacedServerError] {
        let index = FieldIndex(spec: spec, fields: fields, visibleFields: visibleFields)
        return errors.prefix(limit).map { error in
            var placement = ErrorPlacement()
            var alsoAsked: Set<String> = []
            placeOne(error, index: index, into: &placement, alsoAsked: &alsoAsked)
            let field = placement.fieldErrors.keys.sorted().first
            return PlacedServerError(
                path: error.pathText.map { TextCleaning.oneLine($0, limit: 200) },
                code: error.code.map { TextCleaning.oneLine($0, limit: 80) }, field: field)
        }
    }

    /// Places one error; returns the rule that placed it.
    @discardableResult
    private static func placeOne(_ error: ServerError, index: FieldIndex, into placement: inout ErrorPlacement, alsoAsked: inout Set<String>) -> String {
        let whole = error.path.flatMap { $0.isEmpty ? nil : $0 }
        let path = whole.flatMap { $0.count > maximumPathLength ? nil : $0 }
        if let path, let (field, message, rule) = index.place(path: path, message: error.message) {
            placement.fieldErrors[field, default: []].append(message)
            return rule
        } else if let code = error.code, let field = index.field(forCode: code) {
            placement.fieldErrors[field, default: []].append(error.message)
            return "server_codes of \(field) lists the code"
        } else if let path, let field = index.itemField(forMessage: error.message, path: path) {
            placement.fieldErrors[field, default: []].append(error.message)
            return "a submit.messages route to a list's member: the item the path names"
        } else if let path, let group = index.itemFields(named: path) {
            place(group, error, into: &placement, alsoAsked: &alsoAsked)
            return "the path names an item's field without the item: that field of every item"
        } else if let path, let group = index.fields(under: path) {
            place(group, error, into: &placement, alsoAsked: &alsoAsked)
            return "the path is a prefix of fields: they are asked together"
        } else if let field = index.field(forMessage: error.message) {
            placement.fieldErrors[field, default: []].append(error.message)
            return "a submit.messages route's text is in the message"
        } else if let path {
            placement.banner.append("\(index.bannerText(path)): \(error.message)")
            return index.namesWholeList(path) ? "the path names a whole list: no one field fixes it" : "the path names no field"
        } else if let whole {
            let shown = whole.prefix(maximumPathLength).map(\.description).joined(separator: ".")
            placement.banner.append("\(shown)...: \(error.message)")
            return "the path is too long to name a field"
        } else {
            placement.banner.append(error.message)
            return "a non-field error without a code or message route"
        }
    }

    private static func place(_ group: FieldGroup, _ error: ServerError, into placement: inout ErrorPlacement, alsoAsked: inout Set<String>) {
        placement.fieldErrors[group.fields[0], default: []].append(group.message(error.message))
        for field in group.fields.dropFirst() where alsoAsked.insert(field).inserted {
            placement.alsoAsked.append(field)
        }
    }
}

/// Fields asked again together for one error, the message on the first.
private struct FieldGroup {
    var fields: [String]
    /// Written before the message (`lines.qty` when the server did not say which item).
    var prefix: String?

    func message(_ text: String) -> String { prefix.map { "\($0): \(text)" } ?? text }
}

/// The visible fields of one form, looked up the ways `ServerErrorMapper` allows.
private struct FieldIndex {
    private let spec: FormSpec
    /// The visible concrete fields, in walk order.
    private let fields: [Field]
    private let visible: Set<String>
    let names: ItemNames
    private let byLooseName: [String: String]
    /// The loose key of every proper prefix of a visible field's name (`lines.2`, `lines`, `mgmt`)
    /// -> the visible fields under it, in walk order: a prefix lookup is one dictionary access,
    /// so placing stays linear with hundreds of items.
    private let byLoosePrefix: [String: [String]]
    /// An item field's loose name without item numbers -> that field of every item, in order.
    private let byItemlessName: [String: [String]]
    private let aliases: [String: String]
    private let looseAliases: [String: String]
    /// Message routes to a list's member (`medications.code`, a list of scalars `vlans`), in
    /// order: the route, the list and the member (nil for a list of scalars).
    private let itemRoutes: [(route: MessageRoute, list: [String], member: String?)]

    init(spec: FormSpec, fields allFields: [Field], visibleFields: Set<String>) {
        self.spec = spec
        let declared = Set(spec.fields.map(\.name))
        self.names = ItemNames(names: allFields.map(\.name), declared: declared)
        self.visible = visibleFields
        // Sized once: growing an array of whole fields copied them again at every doubling.
        var shown: [Field] = []
        shown.reserveCapacity(visibleFields.count)
        for field in allFields where visibleFields.contains(field.name) { shown.append(field) }
        self.fields = shown
        var loose: [String: String] = [:]
        var prefixes: [String: [String]] = [:]
        var itemless: [String: [String]] = [:]
        var segmentsLoosened = LooseSegments()
        for field in fields {
            let segments = ItemNames.segments(of: field.name)
            let parts = segmentsLoosened.parts(segments)
            let key = parts.joined(separator: ".")
            // The first field in form order wins if two only differ by case or separators.
            if loose[key] == nil { loose[key] = field.name }
            var prefix = ""
            for (position, part) in parts.dropLast().enumerated() {
                prefix += position == 0 ? part : "." + part
                prefixes[prefix, default: []].append(field.name)
            }
            if !declared.contains(field.name), let bare = ItemNames.itemlessKey(segments, parts: parts) {
                itemless[bare, default: []].append(field.name)
            }
        }
        self.byLooseName = loose
        self.byLoosePrefix = prefixes
        self.byItemlessName = itemless
        // Alias keys may be written as the server spells them (`items[0].name`, `$.age`).
        var aliases: [String: String] = [:]
        var looseAliases: [String: String] = [:]
        for key in spec.submit.aliases.keys.sorted() {
            guard let field = spec.submit.aliases[key] else { continue }
            let canonical = ServerPath.dotted(key).map { $0.map(\.description).joined(separator: ".") } ?? key
            if aliases[canonical] == nil { aliases[canonical] = field }
            let looseCanonical = ItemNames.looseKey(ItemNames.segments(of: canonical))
            if looseAliases[looseCanonical] == nil { looseAliases[looseCanonical] = field }
        }
        self.aliases = aliases
        self.looseAliases = looseAliases
        var itemRoutes: [(route: MessageRoute, list: [String], member: String?)] = []
        if !spec.submit.messageRoutes.isEmpty {
            let declarations = Dictionary(spec.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for route in spec.submit.messageRoutes {
                guard let field = declarations[route.field] else { continue }
                if let group = field.group, route.field.hasPrefix(group + ".") {
                    itemRoutes.append((route, ItemNames.segments(of: group), String(route.field.dropFirst(group.count + 1))))
                } else if field.list != nil {
                    itemRoutes.append((route, ItemNames.segments(of: route.field), nil))
                }
            }
        }
        self.itemRoutes = itemRoutes
    }

    /// The first route to a list's member whose text `message` contains, applied to the item
    /// `path` names (after wrappers, as rule 5): that item's member, when it is shown.
    func itemField(forMessage message: String, path: [ServerError.PathComponent]) -> String? {
        guard !itemRoutes.isEmpty else { return nil }
        for (route, list, member) in itemRoutes where route.matches(message) {
            let listKey = ItemNames.looseKey(list, lastIsFollowedByItem: true)
            for rest in wrapperDrops(path) {
                let segments = names.operatorSegments(rest)
                guard segments.count > list.count, ItemNames.isItemNumber(segments[list.count]),
                      ItemNames.looseKey(Array(segments.prefix(list.count)), lastIsFollowedByItem: true) == listKey,
                      let number = Int(segments[list.count]) else { continue }
                let name = FormSpec.itemFieldName(list: list.joined(separator: "."), number: number, member: member)
                if visible.contains(name) { return name }
            }
        }
        return nil
    }

    /// The ways rule 5 may shorten a path: every drop of leading keys that does not cut a list
    /// from its index, shortest first.
    private func wrapperDrops(_ path: [ServerError.PathComponent]) -> [[ServerError.PathComponent]] {
        var rests: [[ServerError.PathComponent]] = []
        for dropped in 0..<path.count {
            if dropped > 0 {
                guard case .key = path[dropped - 1], case .key = path[dropped] else { break }
            }
            rests.append(Array(path.dropFirst(dropped)))
        }
        return rests
    }

    /// The field a path lands on and the message to show there (rules 1-5 of `ServerErrorMapper`).
    func place(path: [ServerError.PathComponent], message: String) -> (String, String, String)? {
        for rest in wrapperDrops(path) {
            guard let (field, depth) = field(for: rest) else { continue }
            let dropped = path.count - rest.count
            let drop = dropped == 0 ? "" : ", wrapper `\(path.prefix(dropped).map(\.description).joined(separator: "."))` dropped"
            if depth == rest.count { return (field, message, "the path names the field" + drop) }
            return (field, "\(names.operatorText(rest)): \(message)", "the path's nearest parent is the field" + drop)
        }
        return nil
    }

    /// An item's field named without its item (`lines.qty`, Rails' nested attributes without
    /// `index_errors`): that field of every item, the message marked as not saying which.
    func itemFields(named path: [ServerError.PathComponent]) -> FieldGroup? {
        guard !path.contains(where: { if case .index = $0 { true } else { false } }) else { return nil }
        for rest in wrapperDrops(path) {
            let segments = rest.map(\.description)
            if let found = byItemlessName[ItemNames.looseKey(segments)], !found.isEmpty {
                return FieldGroup(fields: found, prefix: segments.joined(separator: ".") + " (the server did not say which item)")
            }
        }
        return nil
    }

    /// The visible fields, in form order, whose names continue `path` (`mgmt` -> `mgmt.ip`,
    /// `mgmt.mask`; an item `lines.2` -> `lines.2.sku`, `lines.2.qty`), compared as in rules 1-2,
    /// after dropping leading segments that name nothing (as rule 5); nil when no field does, and
    /// for a whole list (its items are not one group of fields).
    func fields(under path: [ServerError.PathComponent]) -> FieldGroup? {
        for rest in wrapperDrops(path) {
            let segments = names.operatorSegments(rest)
            if names.isList(segments) { return nil }
            if let under = byLoosePrefix[ItemNames.looseKey(segments)], !under.isEmpty {
                return FieldGroup(fields: under, prefix: nil)
            }
        }
        return nil
    }

    /// A path as a banner line names it, in the form's terms: a whole list without the framework's
    /// wrappers (`payload.lines` is `lines`), else the whole path (`lines.7.qty`, `data.type`).
    func bannerText(_ path: [ServerError.PathComponent]) -> String {
        for rest in wrapperDrops(path) where names.isList(names.operatorSegments(rest)) {
            return names.operatorText(rest)
        }
        return names.operatorText(path)
    }

    /// Whether the path, wrappers dropped, names a whole list of the form (`payload.lines`).
    func namesWholeList(_ path: [ServerError.PathComponent]) -> Bool {
        wrapperDrops(path).contains { names.isList(names.operatorSegments($0)) }
    }

    /// The field of the first message route whose text the message contains.
    func field(forMessage message: String) -> String? {
        spec.submit.messageRoutes.first { visible.contains($0.field) && $0.matches(message) }?.field
    }

    /// The field for a path and how many leading components of the path it covers.
    func field(for path: [ServerError.PathComponent]) -> (String, Int)? {
        let segments = names.operatorSegments(path)
        for depth in stride(from: path.count, through: 1, by: -1) {
            let named = Array(segments.prefix(depth))
            let raw = path.prefix(depth).map(\.description).joined(separator: ".")
            if let field = field(named: named, raw: raw) { return (field, depth) }
        }
        return nil
    }

    /// Rules 1-3: `named` in the form's terms (item numbers 1-based) for the form's names;
    /// `raw`, as the server wrote it, for aliases (written as the server spells them).
    private func field(named segments: [String], raw: String) -> String? {
        let text = segments.joined(separator: ".")
        if visible.contains(text) { return text }
        if let field = byLooseName[ItemNames.looseKey(segments)] { return field }
        if let field = aliases[raw], visible.contains(field) { return field }
        if let field = looseAliases[ItemNames.looseKey(ItemNames.segments(of: raw))], visible.contains(field) { return field }
        return nil
    }

    func field(forCode code: String) -> String? {
        let lastSegment = Self.lastSegment(ofCode: code)
        return fields.first { field in
            field.serverCodes.contains { $0 == code || $0 == lastSegment }
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
}
