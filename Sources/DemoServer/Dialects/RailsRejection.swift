import FormCore
import Hummingbird

/// `render json: user.errors, status: :unprocessable_entity`
enum RailsRejection: DemoRejection {
    static let dialect = ErrorDialect.rails

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        var errors: [ServerError] = []
        if problems.usernameTaken != nil { errors.append(ServerError(path: [.key("username")], message: "has already been taken")) }
        if problems.passwordMatchesUsername { errors.append(ServerError(path: nil, message: SignupEndpoint.samePassword)) }
        return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(dialect)))
    }
}
