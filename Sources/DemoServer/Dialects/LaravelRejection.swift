import FormCore
import Hummingbird

/// Laravel's `unique:users` and `different:username` rules.
enum LaravelRejection: DemoRejection {
    static let dialect = ErrorDialect.laravel

    static func response(for problems: SignupEndpoint.Problems, path _: String) -> Response {
        let q = DemoResponse.quoted
        var errors: [String] = []
        var messages: [String] = []
        if problems.usernameTaken != nil {
            errors.append(#""username":["The username has already been taken."]"#)
            messages.append("The username has already been taken.")
    }
    if problems.passwordMatchesUsername {
        errors.append(#""password":["The password field and username must be different."]"#)
        messages.append("The password field and username must be different.")
    }
    var summary = messages.first ?? "The given data was invalid."
    if messages.count > 1 { summary += " (and \(messages.count - 1) more error)" }
    return DemoResponse.json(.unprocessableContent, #"{"message":\#(q(summary)),"errors":{\#(errors.joined(separator: ","))}}"#)
    }
}
