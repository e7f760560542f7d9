import FormCore
import Hummingbird

/// `render json: user.errors, status: :unprocessable_entity`
enum RailsRejection: DemoRejection {
    static let dialect = ErrorDialect.rails

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        var members: [String] = []
        if problems.usernameTaken != nil { members.append(#""username":["has already been taken"]"#) }
        if problems.passwordMatchesUsername { members.append(#""base":[\#(DemoResponse.quoted(SignupEndpoint.samePassword))]"#) }
        return DemoResponse.json(.unprocessableContent, "{" + members.joined(separator: ",") + "}")
    }
}
