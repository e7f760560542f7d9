import FormCore
import Hummingbird

/// Pydantic v2: a field validator, and a model validator raising PydanticCustomError.
/// (Pydantic echoes the input; the demo leaves the password out of it.)
enum FastAPIRejection: DemoRejection {
    static let dialect = ErrorDialect.fastapi

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        let q = DemoResponse.quoted
        var entries: [String] = []
        if let taken = problems.usernameTaken {
            entries.append(#"{"type":"username_taken","loc":["body","username"],"msg":"Value error, A user with that username already exists","input":\#(q(taken))}"#)
    }
    if problems.passwordMatchesUsername {
        entries.append(#"{"type":"\#(SignupEndpoint.samePasswordCode)","loc":["body"],"msg":\#(q(SignupEndpoint.samePassword)),"input":{}}"#)
    }
    return DemoResponse.json(.unprocessableContent, #"{"detail":[\#(entries.joined(separator: ","))]}"#)
    }
}
