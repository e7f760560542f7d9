import Hummingbird

/// The error dialects the demo server speaks, one route prefix each; the routes iterate
/// `allCases`. Each dialect's rejection is one file in `Dialects/`, so a new dialect is that file
/// plus its case here (the switch below then makes the compiler ask for its rejection).
public enum DemoDialect: String, Sendable, CaseIterable {
    case drf, laravel, rails, problem, jsonapi, fastapi, aspnet, list

    /// The type that writes this dialect's signup rejection.
    var rejection: any DemoRejection.Type {
        switch self {
        case .drf: return DRFRejection.self
        case .laravel: return LaravelRejection.self
        case .rails: return RailsRejection.self
        case .problem: return ProblemRejection.self
        case .jsonapi: return JSONAPIRejection.self
        case .fastapi: return FastAPIRejection.self
        case .aspnet: return ASPNetRejection.self
        case .list: return ListRejection.self
        }
    }
}

/// One dialect's signup rejection, in the exact shape that framework writes it.
protocol DemoRejection {
    /// The rejection for a signup with these problems (never empty); `path` is the request's.
    static func response(for problems: SignupEndpoint.Problems, path: String) -> Response
}
