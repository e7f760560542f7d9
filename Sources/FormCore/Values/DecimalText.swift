/// An exact decimal number kept as text: integers and decimals are compared and sent without ever
/// passing through Double, so `12.50` stays `12.50` and a 30-digit id stays exact.
public struct DecimalText: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let negative: Bool
    /// Integer digits without leading zeros ("0" for zero).
    public let integerDigits: String
    /// Fraction digits as written (may be empty; trailing zeros kept for display).
    public let fractionDigits: String

    /// Parses `[+-]digits[.digits]` with ASCII digits; `.5` and `5.` are accepted when
    /// `allowFraction` is true. Returns nil for anything else.
    public init?(_ text: String, allowFraction: Bool = true) {
        var s = Substring(text)
        var neg = false
        if let f = s.first, f == "+" || f == "-" {
            neg = f == "-"
            s = s.dropFirst()
        }
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let intPart = parts[0]
        let fracPart = parts.count > 1 ? parts[1] : ""
        if parts.count > 1 && !allowFraction { return nil }
        guard !(intPart.isEmpty && fracPart.isEmpty) else { return nil }
        let isDigits: (Substring) -> Bool = { $0.utf8.allSatisfy { (48...57).contains($0) } }
        guard isDigits(intPart), isDigits(fracPart) else { return nil }
        let trimmed = intPart.drop(while: { $0 == "0" })
        integerDigits = trimmed.isEmpty ? "0" : String(trimmed)
        fractionDigits = String(fracPart)
        let isZero = integerDigits == "0" && fractionDigits.allSatisfy { $0 == "0" }
        negative = neg && !isZero
    }

    /// The canonical text: no `+`, no redundant leading zeros, `0.5` for `.5`, `5` for `5.`.
    public var description: String {
        (negative ? "-" : "") + integerDigits + (fractionDigits.isEmpty ? "" : "." + fractionDigits)
    }

    public static func < (a: DecimalText, b: DecimalText) -> Bool {
        if a.negative != b.negative { return a.negative }
        let magnitudeLess = DecimalText.magnitudeLess(a, b)
        let magnitudeEqual = !magnitudeLess && !DecimalText.magnitudeLess(b, a)
        if magnitudeEqual { return false }
        return a.negative ? !magnitudeLess : magnitudeLess
    }

    public static func == (a: DecimalText, b: DecimalText) -> Bool {
        a.negative == b.negative && !magnitudeLess(a, b) && !magnitudeLess(b, a)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(negative)
        hasher.combine(integerDigits)
        hasher.combine(String(fractionDigits.reversed().drop(while: { $0 == "0" })))
    }

    private static func magnitudeLess(_ a: DecimalText, _ b: DecimalText) -> Bool {
        if a.integerDigits.count != b.integerDigits.count {
            return a.integerDigits.count < b.integerDigits.count
        }
        if a.integerDigits != b.integerDigits { return a.integerDigits < b.integerDigits }
        let width = max(a.fractionDigits.count, b.fractionDigits.count)
        let fa = a.fractionDigits + String(repeating: "0", count: width - a.fractionDigits.count)
        let fb = b.fractionDigits + String(repeating: "0", count: width - b.fractionDigits.count)
        return fa < fb
    }
}
