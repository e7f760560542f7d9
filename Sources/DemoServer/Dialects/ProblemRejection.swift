import FormCore
import Hummingbird

/// RFC 9457 section 3 with its `errors` extension member.
enum ProblemRejection: DemoRejection {
    static let dialect = ErrorDialect.problem

    static func response(for problems: SignupEndpoint.Problems, path: String) -> Response {
        var errors: [ServerError] = []
        if problems.usernameTaken != nil {
            errors.append(ServerError(path: [.key("username")], message: "is already taken", code: "unique"))
        }
        if problems.passwordMatchesUsername {
            errors.append(ServerError(path: nil, message: SignupEndpoint.samePassword, code: SignupEndpoint.samePasswordCode))
        }
        let extras = RejectionExtras(body: [
            "type": .string("https://demo.formline.invalid/problems/validation"), "title": .string("Your request is not valid."),
            "instance": .string(path),
        ])
        return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(dialect), extras: extras))
    }
}
