import FormCore
import Hummingbird

/// The demo server's writers, one per error dialect (each a file in `Dialects/`). The routes
/// are FormCore's list of dialects (`ErrorDialect.named`, from `DialectRegistry`), one prefix
/// each, served by the writer that names that dialect; `DemoRejectionsTests` fails when a dialect
/// has no writer here or a writer names no dialect.
enum DemoRejections {
    static let writers: [any DemoRejection.Type] = [
        DRFRejection.self,
        LaravelRejection.self,
        RailsRejection.self,
        ProblemRejection.self,
        JSONAPIRejection.self,
        FastAPIRejection.self,
        ASPNetRejection.self,
        ListRejection.self,
    ]

    /// The writer for a dialect; nil when none names it.
    static func writer(for dialect: ErrorDialect) -> (any DemoRejection.Type)? {
        writers.first { $0.dialect == dialect }
    }

    /// Each route: FormCore's dialects in their order, those with a writer.
    static let routes: [(dialect: ErrorDialect, writer: any DemoRejection.Type)] = ErrorDialect.named.compactMap { dialect in
        writer(for: dialect).map { (dialect, $0) }
    }
}

extension DemoServer {
    /// The dialects the server has a route for (`/drf`, `/laravel`, ...), in FormCore's order.
    package static var dialects: [ErrorDialect] { DemoRejections.routes.map(\.dialect) }

    /// The dialects some writer names: every one of them must be one of FormCore's (a test
    /// checks; a writer naming another is never served).
    package static var writtenDialects: [ErrorDialect] { DemoRejections.writers.map { $0.dialect } }
}

/// One dialect's signup rejection, in the exact shape that framework writes it.
protocol DemoRejection: Sendable {
    /// The dialect it writes: its route is `/NAME`.
    static var dialect: ErrorDialect { get }
    /// The rejection for a signup with these problems (never empty); `path` is the request's.
    static func response(for problems: SignupEndpoint.Problems, path: String) -> Response
}
