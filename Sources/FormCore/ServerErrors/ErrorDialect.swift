/// The name of a server-error dialect (`submit.errors`, docs/server-errors.md). `auto` picks one
/// from the content type, then from the body's shape.
///
/// Every other name is declared beside its reader (`extension ErrorDialect { public static let
/// drf }` in `DRFErrors.swift`) and exists because that reader is listed in
/// `DialectRegistry.readers`: the names a form file may give, `check`'s suggestions, the reader
/// of each name and the demo server's routes all come from that one list.
public struct ErrorDialect: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public let rawValue: String

    /// A known name (`auto` or a registered dialect's); nil for any other text.
    public init?(rawValue: String) {
        guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    /// A name declared beside its reader. Not checked here: the registry decides which names exist.
    init(declaring name: String) { rawValue = name }

    public static let auto = ErrorDialect(declaring: "auto")

    /// `auto`, then every dialect in `DialectRegistry.readers` order.
    public static let allCases: [ErrorDialect] = [.auto] + DialectRegistry.names

    /// The dialects a form can name besides `auto`, in registry order (the demo server serves
    /// one route for each).
    public static var named: [ErrorDialect] { DialectRegistry.names }

    public var description: String { rawValue }
}
