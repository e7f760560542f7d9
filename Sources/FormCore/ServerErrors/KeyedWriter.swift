/// The dialects that key messages by the whole path (`StructuralPreset`'s keyed layout): Laravel,
/// Rails and ASP.NET. None of them writes a code.
enum KeyedWriter {
    /// `{"message": summary, "errors": {"lines.1.sku": [...]}}`, 422; a non-field error under `""`.
    @Sendable static func laravel(_ errors: [ServerError], _ extras: RejectionExtras) -> WrittenRejection {
        var summary = errors.first?.message ?? "The given data was invalid."
        if errors.count > 1 { summary += " (and \(errors.count - 1) more error\(errors.count > 2 ? "s" : ""))" }
        let body = RejectionWriter.body(["message": .string(summary)], extras.body,
                                        errors: ["errors": keyed(errors) { $0.map(WirePath.dotted) ?? "" }])
        return RejectionWriter.written(422, body)
    }

    /// `render json: record.errors`: the body itself keyed by `lines[1].sku`, `base` for the
    /// record; under `errors` when a field is itself named `errors` (which the body itself could
    /// not hold), 422.
    @Sendable static func rails(_ errors: [ServerError], _ extras: RejectionExtras) -> WrittenRejection {
        let messages = keyed(errors) { $0.map { WirePath.bracket($0) } ?? "base" }
        if case .object(let members) = messages, members["errors"] == nil, extras.body.isEmpty {
            return RejectionWriter.written(422, messages)
        }
        return RejectionWriter.written(422, RejectionWriter.body([:], extras.body, errors: ["errors": messages]))
    }

    /// ValidationProblemDetails: `errors` keyed by `Lines[1].Sku`, `""` for the model, 400.
    @Sendable static func aspnet(_ errors: [ServerError], _ extras: RejectionExtras) -> WrittenRejection {
        let defaults: [String: JSONValue] = [
            "type": .string("https://tools.ietf.org/html/rfc9110#section-15.5.1"),
            "title": .string("One or more validation errors occurred."),
            "status": .number("400"),
        ]
        let messages = keyed(errors) { $0.map { WirePath.bracket($0, transform: WirePath.pascalCase) } ?? "" }
        return RejectionWriter.written(400, RejectionWriter.body(defaults, extras.body, errors: ["errors": messages]),
                                       contentType: "application/problem+json")
    }

    /// Each error's message in the list under its key, in the errors' order.
    private static func keyed(_ errors: [ServerError], key: ([ServerError.PathComponent]?) -> String) -> JSONValue {
        var members: [String: [JSONValue]] = [:]
        for error in errors { members[key(error.path), default: []].append(.string(error.message)) }
        return .object(members.mapValues(JSONValue.array))
    }
}
