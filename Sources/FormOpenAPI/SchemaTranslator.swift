import FormCore

/// Turns an operation's body schema into form items: one rule of the schema at a time, each
/// into the form-file syntax that says it, or into a comment and a problem where none does.
struct SchemaTranslator {
    var reader: SchemaReader
    /// A form with more questions than this is refused (a hostile or generated-to-death schema).
    static let maximumFields = 2_000
    /// Objects nest at most this deep (dotted names).
    static let maximumNesting = 16
    /// The largest `min_length`/`max_length` a form file takes (9 digits).
    static let largestCount = 999_999_999
    var fieldCount = 0

    init(document: OpenAPIDocument, operationLabel: String) {
        reader = SchemaReader(document: document, operationLabel: operationLabel)
    }

    var problems: [OpenAPIProblem] { reader.problems }

    /// The properties of an object schema as items named `prefix` + property name.
    /// `parentLabel`: a nested object's title (or property name); a property of it with no title
    /// of its own is labelled `PARENT: name` (`Address: zip`), which says where it belongs
    /// without the dotted field name.
    mutating func properties(of node: SchemaNode, prefix: String, ancestors: Set<String>, depth: Int, inGroup: Bool, optionalParent: Bool, parentLabel: String? = nil) throws(OpenAPIError) -> [FormItem] {
        var items: [FormItem] = []
        let required = Set((node["required"]?.array ?? []).compactMap(\.string))
        let properties = node["properties"]?.object ?? DocObject()
        for (name, value) in properties.members {
            let pointer = JSONPointer.appending(node.pointer, "properties", name)
            guard !name.isEmpty, !name.contains("."), !name.contains(where: \.isWhitespace) else {
                if required.contains(name) && !optionalParent {
                    throw .unsupported(operation: reader.operationLabel, pointer: pointer,
                                       reason: "the required property \"\(name)\" can't be a form field name (no dots, spaces or empty names)")
                }
                reader.problem(pointer, "the property name \"\(name)\" can't be a form field name (no dots, spaces or empty names); the form leaves it out")
                items.append(.omitted(name: name, reason: "its name can't be a field name"))
                continue
            }
            let child = try reader.read(value, at: pointer, ancestors: ancestors.union([node.pointer]), depth: depth)
            if child["readOnly"]?.bool == true { continue }
            let isRequired = required.contains(name) && !optionalParent
            var childItems = try item(for: child, name: prefix + name, propertyName: name, required: isRequired,
                                      ancestors: ancestors.union([node.pointer]), depth: depth + 1, inGroup: inGroup)
            if let parentLabel {
                for i in childItems.indices {
                    if case .field(var f) = childItems[i], f.name == prefix + name, f.label == nil {
                        f.label = "\(parentLabel): \(name)"
                        childItems[i] = .field(f)
                    }
                }
            }
            items += childItems
        }
        if let extra = node["additionalProperties"], extra != .bool(false), extra != .bool(true), !properties.isEmpty {
            reader.problem(JSONPointer.appending(node.pointer, "additionalProperties"),
                           "additional properties (a map of other keys) can't be entered in a form; only the listed properties are asked")
        }
        return items
    }

    /// The item(s) for one property: a field, a group, nested fields, or an omission.
    mutating func item(for node: SchemaNode, name: String, propertyName: String, required: Bool, ancestors: Set<String>, depth: Int, inGroup: Bool) throws(OpenAPIError) -> [FormItem] {
        fieldCount += 1
        guard fieldCount <= Self.maximumFields else {
            throw .tooLarge("the form would have over \(Self.maximumFields) questions")
        }
        let nullable = node.nullable
        // A union is asked as text only when text is one of its answers; anything else is structured.
        if node.recursive {
            return try structured(node, name: name, required: required, reason: "the schema refers back to itself (a recursive $ref), which has no end a form could ask")
        }
        if let branches = node.branches {
            if node.discriminated {
                return try structured(node, name: name, required: required, reason: node["discriminator"] != nil
                    ? "oneOf/anyOf with a discriminator (one of several object shapes) can't be asked as one set of questions"
                    : "oneOf of several object shapes can't be asked as one set of questions")
            }
            let allTypes = Set(branches.flatMap(\.types))
            if allTypes.isSubset(of: ["string"]) || (allTypes.contains("string") && allTypes.isSubset(of: ["string", "integer", "number", "boolean"])) {
                reader.problem(node.pointer, "a choice of schemas (oneOf/anyOf) is asked as text and checked by the server only")
                var field = FieldDraft(name: name)
                field.label = node["title"]?.string
                field.required = required && !nullable
                field.nullable = required && nullable
                field.help = helpWithSchema(node)
                field.comments = ["oneOf/anyOf: asked as text; the server checks which schema it matches"]
                return [.field(field)]
            }
            if allTypes.isSubset(of: ["integer", "number"]) && !allTypes.isEmpty {
                var field = FieldDraft(name: name)
                field.type = allTypes == ["integer"] ? "integer" : "decimal"
                field.label = node["title"]?.string
                field.required = required && !nullable
                field.nullable = required && nullable
                field.help = helpWithSchema(node)
                field.comments = ["oneOf/anyOf of numbers: asked as a number; each branch's bounds are the server's to check"]
                reader.problem(node.pointer, "a choice of number schemas is asked as one number; the bounds of each branch are checked by the server only")
                return [.field(field)]
            }
            return try structured(node, name: name, required: required, reason: "oneOf/anyOf of different kinds of value can't be asked as one question")
        }
        var notComment: String?
        if let not = node["not"] {
            reader.problem(JSONPointer.appending(node.pointer, "not"), "\"not\" can't be checked by a form; the server checks it")
            notComment = "not \(not.compactText): checked by the server"
        }
        switch node.type {
        case "object"?:
            return try object(node, name: name, propertyName: propertyName, required: required, ancestors: ancestors, depth: depth, inGroup: inGroup)
        case "array"?:
            return try array(node, name: name, propertyName: propertyName, required: required, ancestors: ancestors, depth: depth, inGroup: inGroup)
        default:
            var field = scalar(node, name: name, propertyName: propertyName, required: required)
            if let notComment { field.comments.append(notComment) }
            return [.field(field)]
        }
    }

    /// A value a form can't ask: left out when optional (with a comment), the operation refused
    /// when required.
    private mutating func structured(_ node: SchemaNode, name: String, required: Bool, reason: String) throws(OpenAPIError) -> [FormItem] {
        if required {
            throw .unsupported(operation: reader.operationLabel, pointer: node.pointer, reason: "\"\(name)\" is required, and \(reason)")
        }
        reader.problem(node.pointer, "\"\(name)\" is left out of the form: \(reason)")
        return [.omitted(name: name, reason: reason)]
    }

    private mutating func object(_ node: SchemaNode, name: String, propertyName: String, required: Bool, ancestors: Set<String>, depth: Int, inGroup: Bool) throws(OpenAPIError) -> [FormItem] {
        let listed = node["properties"]?.object ?? DocObject()
        if listed.isEmpty {
            let extra = node["additionalProperties"]
            let reason = extra == nil || extra == .bool(true)
                ? "an object with no listed properties (any keys) can't be asked as questions"
                : "a map (additionalProperties with a schema: keys the operator would invent) can't be asked as questions"
            return try structured(node, name: name, required: required, reason: reason)
        }
        guard depth < Self.maximumNesting else {
            return try structured(node, name: name, required: required, reason: "objects nest more than \(Self.maximumNesting) deep")
        }
        // An optional object's own required properties become optional: the form can't ask
        // "do you want to give an address at all?" (an empty answer to each leaves it out).
        if !required && !(node["required"]?.array ?? []).isEmpty {
            reader.problem(node.pointer, "\"\(name)\" is optional but its properties \((node["required"]?.array ?? []).compactMap(\.string).joined(separator: ", ")) are required within it: the form asks them as optional, and the server refuses a partly filled \"\(name)\"")
        }
        if node.nullable && required {
            reader.problem(node.pointer, "\"\(name)\" may be null, but the form asks its properties instead and never sends null for it")
        }
        return try properties(of: node, prefix: name + ".", ancestors: ancestors, depth: depth, inGroup: inGroup, optionalParent: !required,
                              parentLabel: node["title"]?.string ?? propertyName)
    }

    private mutating func array(_ node: SchemaNode, name: String, propertyName: String, required: Bool, ancestors: Set<String>, depth: Int, inGroup: Bool) throws(OpenAPIError) -> [FormItem] {
        let itemsPointer = JSONPointer.appending(node.pointer, "items")
        guard let itemsValue = node["items"], itemsValue.object != nil else {
            if node["prefixItems"] != nil {
                return try structured(node, name: name, required: required, reason: "a tuple (prefixItems) can't be asked as a list")
            }
            // No item schema: any values; asked as a list of text.
            var field = scalar(SchemaNode(object: DocObject(), pointer: itemsPointer), name: name, propertyName: propertyName, required: required)
            field.label = node["title"]?.string
            field.help = node["description"]?.string
            let counts: (list: ListDraft, comments: [String])
            switch try itemCounts(node, name: name, required: required) {
            case .fit(let list, let notes): counts = (list, notes)
            case .omitted(let items): return items
            }
            field.list = counts.list
            field.comments += counts.comments
            field.comments.append("items have no schema: each is sent as text")
            if let d = node["default"] { listDefault(d, at: node.pointer, comments: &field.comments) }
            reader.problem(node.pointer, "an array without an item schema: each item is asked as text")
            return [.field(field)]
        }
        let items = try reader.read(itemsValue, at: itemsPointer, ancestors: ancestors.union([node.pointer]), depth: depth)
        if items.recursive {
            return try structured(node, name: name, required: required, reason: "its items refer back to a schema that contains them (a recursive $ref), which has no end a form could ask")
        }
        let minItems = node["minItems"]?.number.flatMap { Int($0) }
        let maxItems = node["maxItems"]?.number.flatMap { Int($0) }
        let enumValues = (items.type == "string" || items.types.isEmpty) ? items["enum"]?.array : nil
        var isMultichoice = enumValues.map { !$0.isEmpty && $0.allSatisfy { $0.string != nil } } ?? false
        if isMultichoice, let bad = enumValues?.lazy.compactMap({ $0.string.flatMap { FormTextRule.problem($0) } }).first {
            isMultichoice = false
            reader.problem(JSONPointer.appending(itemsPointer, "enum"), "an enum value holds \(bad), which a form can't show: asked as text, the server checks it")
        } else if isMultichoice, let count = enumValues?.count, count > FormLimits.choicesPerField {
            // Past what a form lists: a list of text, which the server checks.
            isMultichoice = false
            reader.problem(JSONPointer.appending(itemsPointer, "enum"), "an enum of \(count) values is more than a field lists (at most \(FormLimits.choicesPerField)): asked as text, the server checks it")
        }
        // Inside a group's item only a multichoice can take several values: a list (or group)
        // there would be a list of lists, which the form-file loader refuses.
        if inGroup && !isMultichoice && items.type != "object" {
            return try structured(node, name: name, required: required, reason: "a list inside a list of objects (a list of lists) can't be asked")
        }
        // An array of enum strings: pick several.
        if isMultichoice, let values = enumValues {
            var field = FieldDraft(name: name)
            field.type = "multichoice"
            field.label = node["title"]?.string
            field.choices = values.compactMap(\.string)
            field.required = required && !node.nullable && (minItems ?? 0) > 0
            field.help = node["description"]?.string ?? items["description"]?.string
            let choices = Set(field.choices)
            if let d = node["default"]?.array, !d.isEmpty, d.allSatisfy({ $0.string.map(choices.contains) ?? false }) {
                field.defaultList = d.compactMap(\.string)
            } else if let d = node["default"], d != .array([]) {
                field.comments.append("default \(d.compactText) is not used: not a list of the choices")
                reader.problem(JSONPointer.appending(node.pointer, "default"), "default \(d.compactText) is not a list of the choices; the form has no default")
            }
            if required && (minItems ?? 0) == 0 {
                field.comments.append("the server requires the list; an empty answer leaves it out (multichoice sends no empty list)")
                reader.problem(node.pointer, "\"\(name)\" is a required list that may be empty: a multichoice left empty is not sent")
            }
            if minItems.map({ $0 > 1 }) ?? false || maxItems != nil {
                field.comments.append("minItems/maxItems (\(minItems.map(String.init) ?? "-")/\(maxItems.map(String.init) ?? "-")) are checked by the server")
                reader.problem(node.pointer, "the number of choices (minItems/maxItems) of a multichoice is checked by the server only")
            }
            return [.field(field)]
        }
        if items.type == "object" && items.branches == nil && !items.recursive {
            guard !inGroup else {
                return try structured(node, name: name, required: required, reason: "a list of objects inside a list of objects (a group in a group) can't be asked")
            }
            var group = GroupDraft(name: name)
            group.label = node["title"]?.string
            let counts: (list: ListDraft, comments: [String])
            switch try itemCounts(node, name: name, required: required) {
            case .fit(let list, let notes): counts = (list, notes)
            case .omitted(let items): return items
            }
            group.minItems = counts.list.minItems ?? 0
            group.maxItems = counts.list.maxItems
            group.sendEmpty = counts.list.sendEmpty
            group.comments += counts.comments
            if let d = node["description"]?.string { group.comments.append(d) }
            if let d = node["default"] { listDefault(d, at: node.pointer, comments: &group.comments) }
            let itemProperties = items["properties"]?.object ?? DocObject()
            guard !itemProperties.isEmpty else {
                return try structured(node, name: name, required: required, reason: "a list of objects with no listed properties can't be asked")
            }
            group.items = try properties(of: items, prefix: "", ancestors: ancestors.union([node.pointer]), depth: depth + 1, inGroup: true, optionalParent: false)
            if node["uniqueItems"]?.bool == true {
                group.unique = group.items.compactMap { if case .field(let f) = $0 { f.name } else { nil } }
            }
            if !required && (minItems ?? 0) == 0 {
                group.comments.append("optional: with no items the list is not sent")
            }
            return [.group(group)]
        }
        if items.type == "array" || items.type == "object" || items.branches != nil || items.recursive {
            return try structured(node, name: name, required: required, reason: "a list of lists or of mixed values can't be asked")
        }
        let counts: (list: ListDraft, comments: [String])
            switch try itemCounts(node, name: name, required: required) {
            case .fit(let list, let notes): counts = (list, notes)
            case .omitted(let items): return items
            }
        var field = scalar(items, name: name, propertyName: propertyName, required: required)
        if field.type == "secret" {
            return try structured(node, name: name, required: required, reason: "a list of secrets (writeOnly or format: password items) can't be asked: a secret is one value")
        }
        field.label = node["title"]?.string
        field.help = node["description"]?.string ?? field.help
        if let d = node["default"] {
            listDefault(d, at: node.pointer, comments: &field.comments)
        } else if let d = items["default"], field.defaultText != nil {
            listDefault(d, at: items.pointer, comments: &field.comments, ofItems: true)
        }
        field.defaultText = nil
        field.required = required && !node.nullable && (minItems ?? 0) > 0
        field.nullable = false
        field.list = counts.list
        field.comments += counts.comments
        return [.field(field)]
    }

    /// A list's `default` (or its items' `default`): a form list has none, so it is a comment
    /// and a problem; left empty, the list is left out and the server's default applies.
    private mutating func listDefault(_ value: DocValue, at pointer: String, comments: inout [String], ofItems: Bool = false) {
        guard value != .array([]), value != .null else { return }
        let what = ofItems ? "the items' default" : "default"
        comments.append("\(what) \(value.compactText) is not used: a form list has no default (the server's default applies when the list is left out)")
        reader.problem(JSONPointer.appending(pointer, "default"), "\(what) \(value.compactText) of a list is not used: a form list has no default")
    }

    /// An array's `minItems`/`maxItems`/`uniqueItems` as a form file's list rule, fitted to what
    /// the loader accepts: `max_items` at most `ListRule.itemLimit` (a larger `maxItems` is
    /// clamped, with a comment and a problem: the form stops at the limit, the server would take
    /// more), `maxItems: 0` dropped (a form list holds at least one item), and `send_empty` only
    /// where the list may be empty (a required array with `minItems` 0; with `minItems` above 0
    /// the list is never empty, so the key would say nothing and the loader refuses it). A
    /// `minItems` above the limit or above `maxItems` can't be asked: left out when optional, the
    /// operation refused when required.
    private mutating func itemCounts(_ node: SchemaNode, name: String, required: Bool) throws(OpenAPIError) -> ItemCounts {
        let minItems = node["minItems"]?.number.flatMap { Int($0) }
        var maxItems = node["maxItems"]?.number.flatMap { Int($0) }
        var comments: [String] = []
        let limit = ListRule.itemLimit
        if let m = minItems, m > limit {
            return .omitted(try structured(node, name: name, required: required, reason: "minItems \(m) is more than the \(limit) items a form list can hold"))
        }
        if let m = maxItems, m > limit {
            comments.append("maxItems \(m): the form takes at most \(limit) items (the server would take more)")
            reader.problem(node.pointer, "\"\(name)\" allows \(m) items (maxItems); a form list holds at most \(limit), so the form stops there")
            maxItems = limit
        } else if let m = maxItems, m < 1 {
            comments.append("maxItems \(m): the list must stay empty; the form leaves the bound to the server")
            reader.problem(node.pointer, "\"\(name)\" has maxItems \(m) (always empty): a form list holds at least one item, so the bound is the server's")
            maxItems = nil
        }
        if let lo = minItems, let hi = maxItems, lo > hi {
            return .omitted(try structured(node, name: name, required: required, reason: "minItems \(lo) is more than maxItems \(hi) (no list satisfies both)"))
        }
        let list = ListDraft(
            minItems: minItems, maxItems: maxItems, unique: node["uniqueItems"]?.bool == true,
            sendEmpty: required && (minItems ?? 0) == 0)
        return .fit(list, comments)
    }

    /// What `itemCounts` makes of an array's counts: a list rule (with comments for the field),
    /// or the items to write instead (the array left out).
    private enum ItemCounts {
        case fit(ListDraft, [String])
        case omitted([FormItem])
    }

    /// A string, number, integer or boolean property (or one of unknown type, asked as text).
    private mutating func scalar(_ node: SchemaNode, name: String, propertyName: String, required: Bool) -> FieldDraft {
        var f = FieldDraft(name: name)
        f.label = node["title"]?.string
        f.help = node["description"]?.string
        f.required = required && !node.nullable
        f.nullable = required && node.nullable
        let p = node.pointer
        switch node.type {
        case "string"?: stringRules(node, into: &f)
        case "integer"?: numberRules(node, into: &f, integer: true)
        case "number"?: numberRules(node, into: &f, integer: false)
        case "boolean"?:
            f.type = "boolean"
        case nil where node.types.count > 1:
            // A type list without a union (`type: [string, integer]`).
            f.help = helpWithSchema(node)
            f.comments.append("type \(node.types.joined(separator: " or ")): asked as text")
            reader.problem(p, "a value of several types (\(node.types.joined(separator: ", "))) is asked as text and sent as a string")
        case nil:
            f.help = helpWithSchema(node)
            f.comments.append("the schema allows any JSON value: asked as text, sent as a string")
            reader.problem(p, "no type: the value is asked as text and sent as a string")
        case .some(let other):
            f.help = helpWithSchema(node)
            f.comments.append("unknown type \"\(other)\": asked as text")
            reader.problem(JSONPointer.appending(p, "type"), "unknown type \"\(other)\": asked as text")
        }
        if let values = node["enum"]?.array, !values.isEmpty, f.type != "boolean" {
            if values.count > FormLimits.choicesPerField {
                // Past what a form lists: asked as text, and the server checks it.
                f.comments.append("enum of \(values.count) values: checked by the server")
                reader.problem(JSONPointer.appending(p, "enum"), "an enum of \(values.count) values is more than a field lists (at most \(FormLimits.choicesPerField)): asked as text, the server checks it")
            } else if let bad = values.lazy.compactMap({ $0.string.flatMap { FormTextRule.problem($0) } }).first {
                // A choice is shown as written and sent as written: one that can't be shown is
                // left to the server.
                f.comments.append("enum with a value holding \(bad): checked by the server")
                reader.problem(JSONPointer.appending(p, "enum"), "an enum value holds \(bad), which a form can't show: asked as text, the server checks it")
            } else if values.allSatisfy({ $0.string != nil }), let twice = Self.repeatedChoice(values.compactMap(\.string)) {
                // A form's choices differ in more than case (the loader refuses a repeat).
                f.comments.append("enum with \"\(FormTextRule.cleaned(twice))\" twice (or differing only in case): checked by the server")
                reader.problem(JSONPointer.appending(p, "enum"), "the enum lists \"\(FormTextRule.cleaned(twice))\" twice (or twice differing only in case), which a form's choices can't: asked as text, the server checks it")
            } else if values.allSatisfy({ $0.string != nil }) {
                f.type = "choice"
                f.choices = values.compactMap(\.string)
                f.minLength = nil; f.maxLength = nil; f.pattern = nil; f.patternMessage = nil
                f.comments.removeAll { $0.hasPrefix("format") }
            } else {
                let list = values.map(\.compactText).joined(separator: ", ")
                f.help = [f.help, "One of: \(list)"].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
                f.comments.append("enum of non-text values (\(list)): checked by the server")
                reader.problem(JSONPointer.appending(p, "enum"), "an enum of numbers or mixed values can't be a choice (choices are sent as text); the server checks it")
            }
        } else if let c = node["const"]?.string {
            f.type = "choice"
            f.choices = [c]
            f.defaultText = c
        } else if let c = node["const"], c != .null {
            // A number or boolean const: a choice would send it as text, so the server checks it.
            let text = c.compactText
            f.help = [f.help, "Must be \(text)"].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
            f.comments.append("const \(text): checked by the server")
            reader.problem(JSONPointer.appending(p, "const"), "a const that is not text (\(text)) can't be a choice (choices are sent as text); the server checks it")
        }
        if f.defaultText == nil { defaultValue(node, into: &f) }
        if node["writeOnly"]?.bool == true && f.type != "secret" { secretWriteOnly(node, into: &f) }
        // The document's own word on personal data (docs/privacy.md); never guessed from names.
        // A secret is more than private, and a multiline field can't be private.
        if let b = node["x-formline-private"]?.bool, f.type != "secret", f.type != "multiline" { f.isPrivate = b }
        return f
    }

    /// `writeOnly: true` is a secret whatever its type (never echoed, recorded or saved in a
    /// draft). A form's secret is a type of its own, one line of text sent as a JSON string, so
    /// a writeOnly value of another type is asked as a secret; its type's own rules (an email's
    /// shape, a number's bounds, an enum's values) are shown in help and left to the server,
    /// and a number or boolean goes out as a string, which a strict server may refuse.
    private mutating func secretWriteOnly(_ node: SchemaNode, into f: inout FieldDraft) {
        let was = f.type == "text" ? nil : f.type
        if f.defaultText != nil {
            f.comments.append("the schema's default is not used: a secret has no default")
            reader.problem(JSONPointer.appending(node.pointer, "default"), "a writeOnly value is a secret, which has no default; the default is not used")
        }
        f.type = "secret"
        f.choices = []
        f.min = nil; f.max = nil; f.minExclusive = false; f.maxExclusive = false
        f.defaultText = nil; f.defaultList = nil
        guard let was else { return }
        if was != "email" && was != "uri" { f.minLength = nil; f.maxLength = nil; f.pattern = nil; f.patternMessage = nil }
        f.help = helpWithSchema(node)
        let sent = ["integer", "decimal", "boolean"].contains(was) ? ", sent as a JSON string" : ""
        f.comments.append("writeOnly \(was): asked as a secret (never echoed, recorded or saved)\(sent); its \(was) rules are checked by the server")
        reader.problem(JSONPointer.appending(node.pointer, "writeOnly"),
                       "a writeOnly \(was) value is asked as a secret\(sent); its \(was) rules are checked by the server only")
    }

    private mutating func stringRules(_ node: SchemaNode, into f: inout FieldDraft) {
        let p = node.pointer
        let format = node["format"]?.string
        var measures = true
        // A format a field type claims (`FieldKind.openAPIFormats`) becomes that type, its
        // length rules kept only where the type measures length.
        switch (format, format.flatMap(FieldType.claiming(openAPIFormat:))) {
        case (_, let type?):
            f.type = type.rawValue
            measures = type.kind.measuresLength
        case (nil, nil): break
        case ("time"?, nil):
            f.pattern = TimeFormat.pattern
            f.patternMessage = TimeFormat.message
            f.comments.append("format time: RFC 3339 full-time (seconds and offset), checked by pattern")
        case (let other?, nil):
            f.comments.append("format \(other): not checked by the form; the server checks it")
            reader.problem(JSONPointer.appending(p, "format"), "format \"\(other)\" is not checked by the form (asked as text)")
        }
        let minLength = node["minLength"]?.number.flatMap { Int($0) }
        let maxLength = node["maxLength"]?.number.flatMap { Int($0) }
        if measures {
            f.minLength = minLength.flatMap { $0 > 0 ? $0 : nil }
            f.maxLength = maxLength
            if let max = maxLength, max < 0 {
                // Not a count (the form-file loader refuses it): left out, and said.
                reader.problem(JSONPointer.appending(p, "maxLength"), "maxLength \(max) is not a count: the form has no maximum")
                f.maxLength = nil
            }
            // A form file's counts have at most 9 digits. NSwag writes int.MaxValue (2147483647)
            // for "no limit"; no line formline reads comes near it (64 KiB), so nothing is lost.
            if let max = f.maxLength, max > Self.largestCount {
                f.comments.append("maxLength \(max): more than any line formline reads, so the form has no maximum")
                f.maxLength = nil
            }
            if let min = f.minLength, min > Self.largestCount {
                f.comments.append("minLength \(min): more than any line formline reads; checked by the server")
                reader.problem(JSONPointer.appending(p, "minLength"), "minLength \(min) is more than any line formline reads; the server checks it")
                f.minLength = nil
            }
            if let min = f.minLength, let max = f.maxLength, min > max {
                reader.problem(p, "minLength \(min) is over maxLength \(max): no value fits; the form leaves both out")
                f.minLength = nil; f.maxLength = nil
            }
        } else if minLength != nil || maxLength != nil {
            f.comments.append("minLength/maxLength: \(f.type) values have a fixed shape; the server checks the length")
            reader.problem(JSONPointer.appending(p, minLength != nil ? "minLength" : "maxLength"),
                           "minLength/maxLength on a \(format ?? "") value is checked by the server only (the form's \(f.type) has a fixed shape)")
        }
        if let source = node["pattern"]?.string {
            if !measures {
                f.comments.append("pattern \(source): checked by the server (\(f.type) values have a fixed shape)")
                reader.problem(JSONPointer.appending(p, "pattern"), "a pattern on a \(format ?? "") value is checked by the server only")
            } else if ECMAPattern.isRegexLiteral(source) {
                // NestJS's Swagger plugin wrote `@Matches(/^x$/i)` as the pattern "/^x$/i" until
                // 2026: read as written, no value matches; reading it as a literal would be a guess.
                f.comments.append("pattern \(source): written as a JavaScript regex literal (/.../), which no value matches as written; checked by the server")
                reader.problem(JSONPointer.appending(p, "pattern"), "pattern \"\(source)\" is a JavaScript regex literal (slashes and flags), which matches no value as written; the server checks it")
            } else if f.pattern != nil {
                f.comments.append("pattern \(source): checked by the server")
                reader.problem(JSONPointer.appending(p, "pattern"), "a pattern beside format \(format ?? "") is checked by the server only (the form checks the format's own pattern)")
            } else {
                switch ECMAPattern.translate(source) {
                case .success(let translated):
                    f.pattern = translated
                    f.patternMessage = "Must match the pattern \(source)"
                case .failure(let why):
                    f.comments.append("pattern \(source): \(why); checked by the server")
                    reader.problem(JSONPointer.appending(p, "pattern"), "pattern \"\(source)\": \(why); the server checks it")
                }
            }
        }
    }

    private mutating func numberRules(_ node: SchemaNode, into f: inout FieldDraft, integer: Bool) {
        let p = node.pointer
        f.type = integer ? "integer" : "decimal"
        func text(_ key: String) -> String? {
            guard let value = node[key] else { return nil }
            let n: String
            if let number = value.number {
                n = number
            } else if let string = value.string, NumberText.isNumberLiteral(string) {
                // Some generators write a decimal's bound as text (`"minimum": "0"`): the same bound.
                n = string
            } else {
                // A 3.0 boolean `exclusiveMinimum` is read below; anything else is no bound, said so.
                if value.bool == nil || !key.hasPrefix("exclusive") {
                    reader.problem(JSONPointer.appending(p, key), "\(key) \(value.compactText) is not a number: the form has no such bound; the server checks it")
                }
                return nil
            }
            guard let plain = NumberText.plain(n) else {
                reader.problem(JSONPointer.appending(p, key), "\(key) \(n) is written with an exponent, which a form's bound can't be; the server checks it")
                return nil
            }
            return plain
        }
        var lo = text("minimum"), hi = text("maximum")
        var loExclusive = false, hiExclusive = false
        // 3.0: exclusiveMinimum is a boolean on minimum; 3.1: a number of its own.
        if node["exclusiveMinimum"]?.bool == true, lo != nil { loExclusive = true }
        if node["exclusiveMaximum"]?.bool == true, hi != nil { hiExclusive = true }
        if let x = text("exclusiveMinimum") {
            if lo.map({ NumberText.compare(x, $0) >= 0 }) ?? true { lo = x; loExclusive = true }
        }
        if let x = text("exclusiveMaximum") {
            if hi.map({ NumberText.compare(x, $0) <= 0 }) ?? true { hi = x; hiExclusive = true }
        }
        if integer {
            // Whole-number bounds: an exclusive or fractional bound becomes the nearest whole one inside.
            if let l = lo { lo = NumberText.integerBound(l, exclusive: loExclusive, up: true) }
            if let h = hi { hi = NumberText.integerBound(h, exclusive: hiExclusive, up: false) }
            loExclusive = false; hiExclusive = false
        }
        if let l = lo, let h = hi, NumberText.compare(l, h) > 0 || (NumberText.compare(l, h) == 0 && (loExclusive || hiExclusive)) {
            reader.problem(p, "the bounds leave no value (\(l) to \(h)); the form leaves them out")
            lo = nil; hi = nil; loExclusive = false; hiExclusive = false
        }
        f.min = lo; f.max = hi
        f.minExclusive = loExclusive; f.maxExclusive = hiExclusive
        if let m = node["multipleOf"]?.number {
            f.comments.append("multipleOf \(m): checked by the server")
            reader.problem(JSONPointer.appending(p, "multipleOf"), "multipleOf \(m) is checked by the server only")
        }
    }

    /// The schema's default, if the field's own rules accept it (a form file refuses a default
    /// that breaks them, so a bad one is a problem, not a broken form).
    private mutating func defaultValue(_ node: SchemaNode, into f: inout FieldDraft) {
        guard let value = node["default"] else { return }
        let text: String
        switch value {
        case .string(let s): text = s
        case .number(let n): text = n
        case .bool(let b): text = b ? "true" : "false"
        case .null: return
        case .array, .object:
            f.comments.append("default \(value.compactText): not a single value, so the form has none")
            reader.problem(JSONPointer.appending(node.pointer, "default"), "default \(value.compactText) is not a single value; the form has no default")
            return
        }
        if f.type == "secret" {
            f.comments.append("the schema's default is not used: a secret has no default")
            reader.problem(JSONPointer.appending(node.pointer, "default"), "a secret has no default; the default \(value.compactText) is not used")
            return
        }
        if let why = DraftCheck.problem(with: text, for: f) {
            f.comments.append("default \(value.compactText) is not used: \(why)")
            reader.problem(JSONPointer.appending(node.pointer, "default"), "default \(value.compactText) breaks the field's own rules (\(why)); the form has no default")
            return
        }
        f.defaultText = text
    }

    /// The description followed by the schema itself, for a value checked by the server only.
    private func helpWithSchema(_ node: SchemaNode) -> String {
        var schema = node.source.object ?? node.object
        for k in ["description", "title", "example", "examples"] { schema.remove(k) }
        var shown = DocValue.object(schema).compactText
        if shown.count > 400 { shown = String(shown.prefix(400)) + "..." }
        return [node["description"]?.string, "Schema: \(shown)"].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// A value of `choices` written twice, or twice in different case: nil when each is unique.
    static func repeatedChoice(_ choices: [String]) -> String? {
        var seen = Set<String>()
        for choice in choices where !seen.insert(choice.lowercased()).inserted { return choice }
        return nil
    }
}
