import FormCore
import Hummingbird

/// Pydantic v2: a field validator, and a model validator raising PydanticCustomError.
/// (Pydantic echoes the input; the demo leaves the password out of it.)
enum FastAPIRejection: DemoRejection {
    static let dialect = ErrorDialect.fastapi

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        var errors: [ServerError] = []
        var inputs: [[String: JSONValue]] = []
        if let taken = problems.usernameTaken {
            errors.append(ServerError(path: [.key("username")], message: "Value error, A user with that username already exists", code: "username_taken"))
            inputs.append(["input": .string(taken)])
        }
        if problems.passwordMatchesUsername {
            errors.append(ServerError(path: nil, message: SignupEndpoint.samePassword, code: SignupEndpoint.samePasswordCode))
            inputs.append(["input": .object([:])])
        }
        return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(dialect), extras: RejectionExtras(entries: inputs)))
    }
}
