import FormCore
import Hummingbird

/// Spring Boot's error body with `server.error.include-binding-errors=always`.
enum ListRejection: DemoRejection {
    static let dialect = ErrorDialect.list

    static func response(for problems: SignupEndpoint.Problems, path: String) -> Response {
        var errors: [ServerError] = []
        var entries: [[String: JSONValue]] = []
        if let taken = problems.usernameTaken {
            errors.append(ServerError(path: [.key("username")], message: "is already taken", code: "Unique"))
            entries.append(["rejectedValue": .string(taken), "objectName": .string("signupRequest")])
        }
        if problems.passwordMatchesUsername {
            errors.append(ServerError(path: nil, message: SignupEndpoint.samePassword, code: SignupEndpoint.samePasswordCode))
            entries.append(["objectName": .string("signupRequest")])
        }
        let extras = RejectionExtras(
            body: ["timestamp": .string("2025-01-01T00:00:00.000+00:00"), "path": .string(path)], entries: entries)
        return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(dialect), extras: extras))
    }
}
