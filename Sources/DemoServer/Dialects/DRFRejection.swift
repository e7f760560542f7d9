import FormCore
import Hummingbird

/// DRF with `serializer.errors.get_full_details()`-style bodies.
enum DRFRejection: DemoRejection {
    static let dialect = ErrorDialect.drf

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        let q = DemoResponse.quoted
        var members: [String] = []
        if problems.passwordMatchesUsername {
            members.append(#""non_field_errors":[{"message":\#(q(SignupEndpoint.samePassword)),"code":"\#(SignupEndpoint.samePasswordCode)"}]"#)
    }
    if problems.usernameTaken != nil {
        members.append(#""username":[{"message":"A user with that username already exists.","code":"unique"}]"#)
    }
    return DemoResponse.json(.badRequest, "{" + members.joined(separator: ",") + "}")
    }
}
