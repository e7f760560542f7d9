import FormCore
import Hummingbird

/// DRF with `serializer.errors.get_full_details()`-style bodies.
enum DRFRejection: DemoRejection {
    static let dialect = ErrorDialect.drf

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        var errors: [ServerError] = []
        if problems.passwordMatchesUsername {
            errors.append(ServerError(path: nil, message: SignupEndpoint.samePassword, code: SignupEndpoint.samePasswordCode))
        }
        if problems.usernameTaken != nil {
            errors.append(ServerError(path: [.key("username")], message: "A user with that username already exists.", code: "unique"))
        }
        return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(dialect)))
    }
}
