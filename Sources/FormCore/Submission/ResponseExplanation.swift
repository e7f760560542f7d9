/// What formline would make of one captured response for a form (`formline explain`): which
/// dialect read it and why, and where each error lands. Built from the same code a real
/// submission goes through (`SubmissionClassifier`, `DialectDetection`, `ServerErrorMapper`), so
/// what it says is what a run does.
package struct ResponseExplanation: Sendable, Equatable {
    /// One error as read from the body, and where it goes.
    package struct Line: Sendable, Equatable {
        package enum Destination: Sendable, Equatable {
            /// Shown under the field and the field asked again.
            case field(String)
            /// Asked again with the group's message on its first field (a path that is a prefix of fields).
            case alsoAsked(String)
            case banner
        }

        package var path: String?
        package var code: String?
        package var message: String
        package var destinations: [Destination]
        /// The rule that placed it: how the body's structure gave it (when no dialect read the
        /// body) and which mapping rule put it where it goes.
        package var rule: String
        /// What read it when a dialect or the form's shape did: the preset of the structural
        /// reader and its rule (`the laravel preset of the structural reader (...): a list of
        /// messages under its key path ...`), or the dialect's own reader.
        package var read: String? = nil
    }

    /// `accepted (201) id=7`, `rejected (422)`, `failed: the server answered ...`.
    package var outcome: String
    /// How the body was read: `auto: claimed by rule 4 (application/vnd.api+json, always): jsonapi`,
    /// `the form's error shape`, `drf (named by the form)`; nil when no error was read.
    package var reader: String?
    package var errors: [Line]
    /// The banner lines as the operator sees them.
    package var banner: [String]

    package static func explain(status: Int, contentType: String?, body: [UInt8], spec: FormSpec) -> ResponseExplanation {
        let result = SubmissionClassifier.classify(status: status, contentType: contentType, body: body, submit: spec.submit)
        switch result {
        case .accepted(let status, let summary):
            return ResponseExplanation(outcome: "accepted (\(status))" + (summary.map { " " + $0 } ?? ""), reader: nil, errors: [], banner: [])
        case .failed(let reason), .queued(let reason):
            return ResponseExplanation(outcome: "failed: \(reason)", reader: nil, errors: [], banner: [])
        case .rejected(let status, let errors):
            // A form's lists become concrete fields (`lines.4.qty`), as long as the errors need.
            let fields = spec.concreteFields(itemCounts: itemCounts(for: errors, in: spec))
            let names = fields.map(\.name)
            let visible = Set(names)
            let placement = ServerErrorMapper.place(errors, in: spec, fields: fields, visibleFields: visible)
            let json = JSONValue.parse(body)
            let read = json.flatMap { json in
                SubmissionClassifier.readErrors(contentType: contentType, json: json, dialect: spec.submit.errors,
                                                preferred: spec.submit.preferredErrors, shape: spec.submit.errorShape)
            }
            // The structural reader's own rule for each error it gave (the whole body, or the
            // messages a dialect left out, from `byStructureFrom` on).
            let structuralFrom = read?.byStructureFrom ?? errors.count
            let structuralRules: [String: StructuralReader.Rule] = json.map { json in
                Dictionary(StructuralReader.found(json).map { ($0.error.description, $0.rule) }, uniquingKeysWith: { first, _ in first })
            } ?? [:]
            let dialectRules = json.flatMap { json in read.flatMap { readingRules(source: $0.source, json: json, contentType: contentType, spec: spec) } } ?? []
            let lines = errors.enumerated().map { position, error in
                let one = ServerErrorMapper.place([error], in: spec, fields: fields, visibleFields: visible)
                var destinations = names.filter { one.fieldErrors[$0] != nil }.map(Line.Destination.field)
                destinations += one.alsoAsked.map(Line.Destination.alsoAsked)
                if !one.banner.isEmpty { destinations.append(.banner) }
                var rule = ServerErrorMapper.rule(for: error, in: spec, fields: fields, visibleFields: visible)
                if position >= structuralFrom, let found = structuralRules[error.description] {
                    let beside = read?.source == .structure ? "" : " beside the dialect's errors"
                    rule = "read by structure\(beside) as \(found.rawValue); \(rule)"
                }
                let readBy = position < structuralFrom && position < dialectRules.count && dialectRules[position].error == error
                    ? dialectRules[position].rule : nil
                return Line(path: error.pathText, code: error.code, message: error.message, destinations: destinations, rule: rule, read: readBy)
            }
            return ResponseExplanation(
                outcome: "rejected (\(status))", reader: reader(contentType: contentType, body: body, spec: spec),
                errors: lines, banner: placement.banner)
        }
    }

    /// The rule that read each of the errors a dialect or the form's shape gave, in their order;
    /// nil when the structure or the listing of texts read the body (`rule` says so then).
    private static func readingRules(
        source: SubmissionClassifier.ErrorSource, json: JSONValue, contentType: String?, spec: FormSpec
    ) -> [(error: ServerError, rule: String)]? {
        switch source {
        case .namedDialect(let dialect):
            return ServerErrorParser.explained(json, as: dialect)
        case .auto:
            return ServerErrorParser.explained(json, contentType: contentType, preferring: spec.submit.preferredErrors)
        case .shape:
            return spec.submit.errorShape.flatMap { shape in
                shape.parse(json)?.map { error in
                    let rule: StructuralReader.Rule = error.path == nil ? .entryWithoutPath : .pairEntry
                    return (error, "the form's own error shape, a preset of the structural reader: \(rule.rawValue)")
                }
            }
        case .structure, .unread:
            return nil
        }
    }

    /// How many items each list of the form has for explaining `errors`: an explanation has no
    /// answers, so each list is as long as the errors' paths say (an index 3 right after a key
    /// naming the list, `lines[3]` or `/lines/3/qty`, means at least 4 items), at least its
    /// `min_items`, at most its `max_items`. A key names a list when it equals the list's last name
    /// segment compared loosely, as the mapper compares (case, `_` and `-` ignored, Rails'
    /// `_attributes` suffix dropped), so wrappers before it (`body`, `payload`,
    /// `data/attributes`) do not matter. An index at or beyond `max_items` does not grow the list:
    /// that error lands on the banner, as an item the form can't have does in a run.
    static func itemCounts(for errors: [ServerError], in spec: FormSpec) -> [String: Int] {
        var counts: [String: Int] = [:]
        var byKey: [String: [FormSpec.ItemList]] = [:]
        for list in spec.itemLists {
            counts[list.name] = list.rule.minItems
            let last = String(list.name.split(separator: ".").last ?? Substring(list.name))
            byKey[looseListKey(last), default: []].append(list)
        }
        guard !byKey.isEmpty else { return counts }
        for error in errors {
            guard let path = error.path, path.count <= ServerErrorMapper.maximumPathLength else { continue }
            for (position, component) in path.enumerated().dropFirst() {
                let index: Int
                switch component {
                case .index(let i): index = i
                case .key(let k):
                    guard ItemNames.isItemNumber(k), k.count < 10, let i = Int(k) else { continue }
                    index = i
                }
                guard case .key(let before) = path[position - 1], let lists = byKey[looseListKey(before)] else { continue }
                for list in lists where index < list.rule.maxItems {
                    counts[list.name] = max(counts[list.name] ?? 0, index + 1)
                }
            }
        }
        return counts
    }

    /// A key compared loosely: lowercased, without `_` and `-`, without a trailing `_attributes`.
    private static func looseListKey(_ key: String) -> String {
        ItemNames.looseKey([key], lastIsFollowedByItem: true)
    }

    private static func reader(contentType: String?, body: [UInt8], spec: FormSpec) -> String {
        guard let json = JSONValue.parse(body),
              let source = SubmissionClassifier.readErrors(contentType: contentType, json: json, dialect: spec.submit.errors,
                                                           preferred: spec.submit.preferredErrors, shape: spec.submit.errorShape)?.source
        else { return "auto" }
        let declared: String? = spec.submit.errorShape != nil ? "the form's own error shape (submit.errors)"
            : spec.submit.errors != .auto ? "\(spec.submit.errors.rawValue) (named by the form's submit.errors)" : nil
        switch source {
        case .shape, .namedDialect:
            return declared ?? "auto"
        case .auto, .structure, .unread:
            let how: String
            if source == .auto, let preferred = spec.submit.preferredErrors,
               ServerErrorParser.parsePreferred(preferred, contentType: contentType, json: json) != nil {
                how = "\(preferred.rawValue) (preferred by the form's submit.prefer_errors; the answer fits it)"
            } else if source == .auto {
                let auto = "auto: " + autoReader(contentType: contentType, json: json)
                how = spec.submit.preferredErrors.map { "auto, the answer does not fit the preferred \($0.rawValue) (submit.prefer_errors): " + autoReader(contentType: contentType, json: json) } ?? auto
            } else if source == .structure {
                how = "auto: no dialect reads this body; read by its structure (every message at its key path, resolved against the form)"
            } else {
                how = "auto: no dialect reads this body and it holds no error by structure; every text in it is listed with its key path"
            }
            guard let declared else { return how }
            return "\(declared), but the answer holds no errors in it; read as \(how)"
        }
    }

    /// Which rule of `auto` reads the body, in words.
    private static func autoReader(contentType: String?, json: JSONValue) -> String {
        let claim = DialectDetection.claim(contentType: contentType, json: json)
        let mediaType = contentType.map(MediaType.of)
        let number = (DialectDetection.order.firstIndex { $0.claims(mediaType: mediaType, json: json) }
            ?? DialectDetection.order.count - 1) + 1
        let basis: String
        switch claim.basis {
        case .mediaType(let type): basis = "`\(type)`, " + claim.rule
        case .shape: basis = claim.rule
        }
        return "rule \(number) (\(basis)): \(claim.dialect.rawValue)"
    }

    /// The explanation as `formline explain` prints it.
    package var text: String {
        var out = outcome + "\n"
        if let reader { out += "read as: \(reader)\n" }
        for line in errors {
            let code = line.code.map { " [\($0)]" } ?? ""
            let path = line.path.map { "\($0): " } ?? "(no field): "
            let to = line.destinations.map { destination -> String in
                switch destination {
                case .field(let name): return "field \(name)"
                case .alsoAsked(let name): return "also asks \(name)"
                case .banner: return "banner"
                }
            }.joined(separator: ", ")
            out += "  " + TextCleaning.withoutControlCharacters(path + line.message + code) + "\n    -> " + to + "\n"
            out += "    by: " + TextCleaning.withoutControlCharacters(line.rule) + "\n"
            if let read = line.read { out += "    read: " + TextCleaning.withoutControlCharacters(read) + "\n" }
        }
        return out
    }
}
