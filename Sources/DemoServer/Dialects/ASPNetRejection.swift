import FormCore
import Hummingbird

/// ValidationProblemDetails from an [ApiController].
enum ASPNetRejection: DemoRejection {
    static let dialect = ErrorDialect.aspnet

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        let q = DemoResponse.quoted
        var members: [String] = []
        if problems.passwordMatchesUsername { members.append(#""":[\#(q(SignupEndpoint.samePassword + "."))]"#) }
        if let taken = problems.usernameTaken { members.append(#""Username":[\#(q("The username '\(taken)' is already taken."))]"#) }
        return DemoResponse.json(
            .badRequest,
            #"{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,"errors":{\#(members.joined(separator: ","))},"traceId":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"}"#,
            contentType: "application/problem+json")
    }
}
