import FormCore
import Hummingbird

/// RFC 9457 section 3 with its `errors` extension member.
enum ProblemRejection: DemoRejection {
    static let dialect = ErrorDialect.problem

    static func response(for problems: SignupEndpoint.Problems, path: String) -> Response {
        let q = DemoResponse.quoted
        var entries: [String] = []
        if problems.usernameTaken != nil {
            entries.append(##"{"detail":"is already taken","pointer":"#/username","code":"unique"}"##)
    }
    if problems.passwordMatchesUsername {
        entries.append(##"{"detail":\##(q(SignupEndpoint.samePassword)),"pointer":"#","code":"\##(SignupEndpoint.samePasswordCode)"}"##)
    }
    return DemoResponse.json(
        .unprocessableContent,
        #"{"type":"https://demo.formline.invalid/problems/validation","title":"Your request is not valid.","status":422,"instance":\#(q(path)),"errors":[\#(entries.joined(separator: ","))]}"#,
        contentType: "application/problem+json")
    }
}
