import FormCore
import Hummingbird

/// JSON:API errors with `source.pointer`.
enum JSONAPIRejection: DemoRejection {
    static let dialect = ErrorDialect.jsonapi

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        var errors: [ServerError] = []
        if problems.usernameTaken != nil {
            errors.append(ServerError(path: [.key("username")], message: "has already been taken", code: "unique"))
        }
        if problems.passwordMatchesUsername {
            errors.append(ServerError(path: nil, message: SignupEndpoint.samePassword, code: SignupEndpoint.samePasswordCode))
        }
        return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(dialect)))
    }
}
