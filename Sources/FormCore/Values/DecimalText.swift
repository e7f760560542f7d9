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
        // Read on bytes: only ASCII signs, digits and one dot make a number, so any other byte
        // (a combining mark after the sign or the dot included) refuses the text, as the
        // Character reading this replaced did. Every integer answer is parsed here twice.
        let utf8 = text.utf8
        var start = utf8.startIndex
        var neg = false
        if start != utf8.endIndex, utf8[start] == UInt8(ascii: "+") || utf8[start] == UInt8(ascii: "-") {
            neg = utf8[start] == UInt8(ascii: "-")
            start = utf8.index(after: start)
        }
        var dot: String.Index?
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: ".") {
                guard dot == nil, allowFraction else { return nil }
                dot = index
            } else if !(48...57).contains(byte) {
                return nil
            }
            index = utf8.index(after: index)
        }
        let intPart = utf8[start..<(dot ?? utf8.endIndex)]
        let fracPart = dot.map { utf8[utf8.index(after: $0)..<utf8.endIndex] } ?? utf8[utf8.endIndex...]
        guard !(intPart.isEmpty && fracPart.isEmpty) else { return nil }
        let trimmed = intPart.drop(while: { $0 == UInt8(ascii: "0") })
        integerDigits = trimmed.isEmpty ? "0" : String(Substring(trimmed))
        fractionDigits = String(Substring(fracPart))
        let isZero = integerDigits == "0" && fracPart.allSatisfy { $0 == UInt8(ascii: "0") }
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
        // ASCII digits only: a count of bytes is a count of digits, and byte order is digit order.
        let (ai, bi) = (a.integerDigits.utf8, b.integerDigits.utf8)
        if ai.count != bi.count { return ai.count < bi.count }
        if !ai.elementsEqual(bi) { return ai.lexicographicallyPrecedes(bi) }
        // Fractions compared as if padded with zeros to the same width.
        var (fa, fb) = (a.fractionDigits.utf8.makeIterator(), b.fractionDigits.utf8.makeIterator())
        while true {
            let (x, y) = (fa.next(), fb.next())
            if x == nil && y == nil { return false }
            let (dx, dy) = (x ?? UInt8(ascii: "0"), y ?? UInt8(ascii: "0"))
            if dx != dy { return dx < dy }
        }
    }
}
