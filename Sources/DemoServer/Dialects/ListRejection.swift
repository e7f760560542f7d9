import FormCore
import Hummingbird

/// Spring Boot's error body with `server.error.include-binding-errors=always`.
enum ListRejection: DemoRejection {
    static let dialect = ErrorDialect.list

    static func response(for problems: SignupEndpoint.Problems, path: String) -> Response {
        let q = DemoResponse.quoted
        var entries: [String] = []
        if let taken = problems.usernameTaken {
            entries.append(#"{"field":"username","rejectedValue":\#(q(taken)),"defaultMessage":"is already taken","code":"Unique","objectName":"signupRequest"}"#)
    }
    if problems.passwordMatchesUsername {
        entries.append(#"{"objectName":"signupRequest","defaultMessage":\#(q(SignupEndpoint.samePassword)),"code":"\#(SignupEndpoint.samePasswordCode)"}"#)
    }
    return DemoResponse.json(
        .badRequest,
        #"{"timestamp":"2025-01-01T00:00:00.000+00:00","status":400,"error":"Bad Request","path":\#(q(path)),"errors":[\#(entries.joined(separator: ","))]}"#)
    }
}
