/// Why a typed line was not accepted for a field: one short sentence for the operator.
public struct ValueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
