import FormCore
import Hummingbird

/// Laravel's `unique:users` and `different:username` rules.
enum LaravelRejection: DemoRejection {
    static let dialect = ErrorDialect.laravel

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        var errors: [ServerError] = []
        if problems.usernameTaken != nil {
            errors.append(ServerError(path: [.key("username")], message: "The username has already been taken."))
        }
        if problems.passwordMatchesUsername {
            errors.append(ServerError(path: [.key("password")], message: "The password field and username must be different."))
        }
        return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(dialect)))
    }
}
