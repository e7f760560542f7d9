import FormCore
import Hummingbird

/// ValidationProblemDetails from an [ApiController].
enum ASPNetRejection: DemoRejection {
    static let dialect = ErrorDialect.aspnet

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        var errors: [ServerError] = []
        if problems.passwordMatchesUsername { errors.append(ServerError(path: nil, message: SignupEndpoint.samePassword + ".")) }
        if let taken = problems.usernameTaken { errors.append(ServerError(path: [.key("username")], message: "The username '\(taken)' is already taken.")) }
        let extras = RejectionExtras(body: ["traceId": .string("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")])
        return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(dialect), extras: extras))
    }
}
