/// The dialects that list one entry per error: RFC 9457 Problem Details, JSON:API, FastAPI
/// (Pydantic) and Spring's binding errors. Each entry may take the caller's extra members.
enum EntryWriter {
    /// `application/problem+json`, `errors: [{detail, pointer: "#/lines/1/sku", code}]`, `#` for
    /// the whole request, 422.
    @Sendable static func problem(_ errors: [ServerError], _ extras: RejectionExtras) -> WrittenRejection {
        let entries = entries(errors, extras) { error in
            var members: [String: JSONValue] = ["detail": .string(error.message), "pointer": .string(WirePath.pointer(error.path ?? [], fragment: true))]
            if let code = error.code { members["code"] = .string(code) }
            return members
        }
        let defaults: [String: JSONValue] = ["title": .string("Your request is not valid."), "status": .number("422")]
        return RejectionWriter.written(422, RejectionWriter.body(defaults, extras.body, errors: ["errors": entries]),
                                       contentType: "application/problem+json")
    }

    /// `application/vnd.api+json`, `errors: [{status, source: {pointer: "/data/attributes/sku"},
    /// title, detail, code}]`, `/data` for the resource as a whole, 422.
    @Sendable static func jsonapi(_ errors: [ServerError], _ extras: RejectionExtras) -> WrittenRejection {
        let entries = entries(errors, extras) { error in
            let pointer = error.path.map { "/data/attributes" + WirePath.pointer($0) } ?? "/data"
            var members: [String: JSONValue] = [
                "status": .string("422"), "source": .object(["pointer": .string(pointer)]),
                "title": .string(error.path == nil ? "Invalid Resource" : "Invalid Attribute"), "detail": .string(error.message),
            ]
            if let code = error.code { members["code"] = .string(code) }
            return members
        }
        return RejectionWriter.written(422, RejectionWriter.body(["jsonapi": .object(["version": .string("1.1")])], extras.body, errors: ["errors": entries]),
                                       contentType: "application/vnd.api+json")
    }

    /// `detail: [{type, loc: ["body", "lines", 1, "sku"], msg}]`, `loc: ["body"]` for the body as
    /// a whole (a model validator), 422. `type` is the code, left out without one.
    @Sendable static func fastapi(_ errors: [ServerError], _ extras: RejectionExtras) -> WrittenRejection {
        let entries = entries(errors, extras) { error in
            var members: [String: JSONValue] = ["loc": .array([.string("body")] + WirePath.loc(error.path ?? [])), "msg": .string(error.message)]
            if let code = error.code { members["type"] = .string(code) }
            return members
        }
        return RejectionWriter.written(422, RejectionWriter.body([:], extras.body, errors: ["detail": entries]))
    }

    /// Spring Boot's error body with binding errors: `errors: [{field: "lines[1].sku",
    /// defaultMessage, code}]`, no `field` for a global error, 400.
    @Sendable static func list(_ errors: [ServerError], _ extras: RejectionExtras) -> WrittenRejection {
        let entries = entries(errors, extras) { error in
            var members: [String: JSONValue] = ["defaultMessage": .string(error.message)]
            if let path = error.path { members["field"] = .string(WirePath.bracket(path)) }
            if let code = error.code { members["code"] = .string(code) }
            return members
        }
        let defaults: [String: JSONValue] = ["status": .number("400"), "error": .string("Bad Request")]
        return RejectionWriter.written(400, RejectionWriter.body(defaults, extras.body, errors: ["errors": entries]))
    }

    private static func entries(_ errors: [ServerError], _ extras: RejectionExtras, _ members: (ServerError) -> [String: JSONValue]) -> JSONValue {
        .array(errors.enumerated().map { RejectionWriter.entry(members($1), adding: extras.entry($0)) })
    }
}
