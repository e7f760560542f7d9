import Hummingbird

/// The signup rejection in each dialect's exact shape, as those frameworks write it.
enum DialectRejection {
    static let samePassword = "The password is too similar to the username"
    static let samePasswordCode = "password_matches_username"

    static func response(for problems: SignupEndpoint.Problems, dialect: DemoDialect, path: String) -> Response {
        let taken = problems.usernameTaken
        let same = problems.passwordMatchesUsername
        let q = DemoResponse.quoted
        switch dialect {
        case .drf:
            // DRF with `serializer.errors.get_full_details()`-style bodies.
            var members: [String] = []
            if same {
                members.append(#""non_field_errors":[{"message":\#(q(samePassword)),"code":"\#(samePasswordCode)"}]"#)
            }
            if taken != nil {
                members.append(#""username":[{"message":"A user with that username already exists.","code":"unique"}]"#)
            }
            return DemoResponse.json(.badRequest, "{" + members.joined(separator: ",") + "}")

        case .laravel:
            // Laravel's `unique:users` and `different:username` rules.
            var errors: [String] = []
            var messages: [String] = []
            if taken != nil {
                errors.append(#""username":["The username has already been taken."]"#)
                messages.append("The username has already been taken.")
            }
            if same {
                errors.append(#""password":["The password field and username must be different."]"#)
                messages.append("The password field and username must be different.")
            }
            var summary = messages[0]
            if messages.count > 1 { summary += " (and \(messages.count - 1) more error)" }
            return DemoResponse.json(.unprocessableContent, #"{"message":\#(q(summary)),"errors":{\#(errors.joined(separator: ","))}}"#)

        case .rails:
            // `render json: user.errors, status: :unprocessable_entity`
            var members: [String] = []
            if taken != nil { members.append(#""username":["has already been taken"]"#) }
            if same { members.append(#""base":[\#(q(samePassword))]"#) }
            return DemoResponse.json(.unprocessableContent, "{" + members.joined(separator: ",") + "}")

        case .problem:
            // RFC 9457 section 3 with its `errors` extension member.
            var entries: [String] = []
            if taken != nil {
                entries.append(##"{"detail":"is already taken","pointer":"#/username","code":"unique"}"##)
            }
            if same {
                entries.append(##"{"detail":\##(q(samePassword)),"pointer":"#","code":"\##(samePasswordCode)"}"##)
            }
            return DemoResponse.json(
                .unprocessableContent,
                #"{"type":"https://demo.formline.invalid/problems/validation","title":"Your request is not valid.","status":422,"instance":\#(q(path)),"errors":[\#(entries.joined(separator: ","))]}"#,
                contentType: "application/problem+json")

        case .jsonapi:
            var entries: [String] = []
            if taken != nil {
                entries.append(#"{"status":"422","source":{"pointer":"/data/attributes/username"},"title":"Invalid Attribute","detail":"has already been taken","code":"unique"}"#)
            }
            if same {
                entries.append(#"{"status":"422","source":{"pointer":"/data"},"title":"Invalid Resource","detail":\#(q(samePassword)),"code":"\#(samePasswordCode)"}"#)
            }
            return DemoResponse.json(
                .unprocessableContent, #"{"jsonapi":{"version":"1.1"},"errors":[\#(entries.joined(separator: ","))]}"#,
                contentType: "application/vnd.api+json")

        case .fastapi:
            // Pydantic v2: a field validator, and a model validator raising PydanticCustomError.
            // (Pydantic echoes the input; the demo leaves the password out of it.)
            var entries: [String] = []
            if let taken {
                entries.append(#"{"type":"username_taken","loc":["body","username"],"msg":"Value error, A user with that username already exists","input":\#(q(taken))}"#)
            }
            if same {
                entries.append(#"{"type":"\#(samePasswordCode)","loc":["body"],"msg":\#(q(samePassword)),"input":{}}"#)
            }
            return DemoResponse.json(.unprocessableContent, #"{"detail":[\#(entries.joined(separator: ","))]}"#)

        case .aspnet:
            // ValidationProblemDetails from an [ApiController].
            var members: [String] = []
            if same { members.append(#""":[\#(q(samePassword + "."))]"#) }
            if let taken { members.append(#""Username":[\#(q("The username '\(taken)' is already taken."))]"#) }
            return DemoResponse.json(
                .badRequest,
                #"{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,"errors":{\#(members.joined(separator: ","))},"traceId":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"}"#,
                contentType: "application/problem+json")

        case .list:
            // Spring Boot's error body with `server.error.include-binding-errors=always`.
            var entries: [String] = []
            if let taken {
                entries.append(#"{"field":"username","rejectedValue":\#(q(taken)),"defaultMessage":"is already taken","code":"Unique","objectName":"signupRequest"}"#)
            }
            if same {
                entries.append(#"{"objectName":"signupRequest","defaultMessage":\#(q(samePassword)),"code":"\#(samePasswordCode)"}"#)
            }
            return DemoResponse.json(
                .badRequest,
                #"{"timestamp":"2025-01-01T00:00:00.000+00:00","status":400,"error":"Bad Request","path":\#(q(path)),"errors":[\#(entries.joined(separator: ","))]}"#)
        }
    }
}
