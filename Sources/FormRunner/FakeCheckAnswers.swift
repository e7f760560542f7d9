import FormCore

/// How the in-process fake (`FakeTransport`) answers a field's server check, from the check's
/// `fake` rule in the form file (docs/checks.md, "Without a server"): a refused value gets a 422
/// in Django REST framework's shape (read by the same dialect code as a real server's), a value
/// listed under `answers` a 200 with its record (the lookup), any other value a 404 when
/// `answers` are listed, else a 200 `{}`. A check with no rule passes.
enum FakeCheckAnswers {
    static func answer(_ check: CheckRequest) -> TransportResponse {
        if let list = check.fakeChoices { return json(200, .array(list.map(JSONValue.string))) }
        guard let rule = check.fake else { return json(200, .object([:])) }
        let typed = ServerCheck.text(check.value)
        if rule.refuse.contains(where: { $0.lowercased() == typed.lowercased() }) {
            let leaf = String(check.field.split(separator: ".").last ?? Substring(check.field))
            let entry = JSONValue.object(["message": .string(rule.message), "code": .string("invalid")])
            return json(422, .object([leaf: .array([entry])]))
        }
        if let record = rule.answers[typed] ?? rule.answers.first(where: { $0.key.lowercased() == typed.lowercased() })?.value {
            return json(200, record)
        }
        if !rule.answers.isEmpty { return json(404, .object(["detail": .string("Not found.")])) }
        return json(200, .object([:]))
    }

    private static func json(_ status: Int, _ body: JSONValue) -> TransportResponse {
        TransportResponse(status: status, contentType: "application/json", body: Array(body.compactText.utf8))
    }
}
