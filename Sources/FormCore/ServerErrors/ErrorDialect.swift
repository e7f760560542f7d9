/// The shape of a server's validation errors (see docs/server-errors.md). `auto` picks one from
/// the content type, then from the body's shape.
public enum ErrorDialect: String, Sendable, CaseIterable, Equatable {
    case auto, drf, laravel, rails, problem, jsonapi, fastapi, aspnet, list
}
