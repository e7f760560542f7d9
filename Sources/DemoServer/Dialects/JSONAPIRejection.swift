import FormCore
import Hummingbird

/// JSON:API errors with `source.pointer`.
enum JSONAPIRejection: DemoRejection {
    static let dialect = ErrorDialect.jsonapi

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        var entries: [String] = []
        if problems.usernameTaken != nil {
            entries.append(#"{"status":"422","source":{"pointer":"/data/attributes/username"},"title":"Invalid Attribute","detail":"has already been taken","code":"unique"}"#)
    }
    if problems.passwordMatchesUsername {
        entries.append(#"{"status":"422","source":{"pointer":"/data"},"title":"Invalid Resource","detail":\#(DemoResponse.quoted(SignupEndpoint.samePassword)),"code":"\#(SignupEndpoint.samePasswordCode)"}"#)
    }
    return DemoResponse.json(
        .unprocessableContent, #"{"jsonapi":{"version":"1.1"},"errors":[\#(entries.joined(separator: ","))]}"#,
        contentType: "application/vnd.api+json")
    }
}
