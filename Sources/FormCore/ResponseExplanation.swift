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
        case .failed(let reason):
            return ResponseExplanation(outcome: "failed: \(reason)", reader: nil, errors: [], banner: [])
        case .rejected(let status, let errors):
            let visible = Set(spec.fields.map(\.name))
            let placement = ServerErrorMapper.place(errors, in: spec, visibleFields: visible)
            let lines = errors.map { error in
                let one = ServerErrorMapper.place([error], in: spec, visibleFields: visible)
                var destinations = spec.fields.map(\.name).filter { one.fieldErrors[$0] != nil }.map(Line.Destination.field)
                destinations += one.alsoAsked.map(Line.Destination.alsoAsked)
                if !one.banner.isEmpty { destinations.append(.banner) }
                return Line(path: error.pathText, code: error.code, message: error.message, destinations: destinations)
            }
            return ResponseExplanation(
                outcome: "rejected (\(status))", reader: reader(contentType: contentType, body: body, spec: spec),
                errors: lines, banner: placement.banner)
        }
    }

    private static func reader(contentType: String?, body: [UInt8], spec: FormSpec) -> String {
        if spec.submit.errorShape != nil { return "the form's own error shape (submit.errors)" }
        guard spec.submit.errors == .auto else { return "\(spec.submit.errors.rawValue) (named by the form's submit.errors)" }
        guard let json = JSONValue.parse(body) else { return "auto" }
        let claim = DialectDetection.claim(contentType: contentType, json: json)
        if ServerErrorParser.parse(contentType: contentType, body: body, dialect: .auto)?.isEmpty ?? true {
            return "auto: no dialect reads this body; every text in it is listed with its key path"
        }
        let mediaType = contentType.map(MediaType.of)
        let number = (DialectDetection.order.firstIndex { $0.claims(mediaType: mediaType, json: json) }
            ?? DialectDetection.order.count - 1) + 1
        let basis: String
        switch claim.basis {
        case .mediaType(let type): basis = "`\(type)`, " + claim.rule
        case .shape: basis = claim.rule
        }
        return "auto: rule \(number) (\(basis)): \(claim.dialect.rawValue)"
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
        }
        return out
    }
}
