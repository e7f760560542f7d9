import FormCore

/// A schema's numbers as a form file writes bounds: plain decimal text, never floating point.
enum NumberText {
    /// `1e3` -> `1000`, `1.5E-2` -> `0.015`, `12.50` -> `12.50`; nil for an exponent over 40
    /// (no form bound needs one, and the text would be long).
    static func plain(_ n: String) -> String? {
        guard let e = n.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return n }
        guard let exponent = Int(n[n.index(after: e)...].drop { $0 == "+" }), abs(exponent) <= 40 else { return nil }
        var mantissa = String(n[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
        var point = parts[0].count + exponent
        if point <= 0 { digits = String(repeating: "0", count: 1 - point) + digits; point = 1 }
        if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
        var whole = String(digits.prefix(point)).drop { $0 == "0" }
        if whole.isEmpty { whole = "0" }
        let fraction = String(digits.dropFirst(point).reversed().drop { $0 == "0" }.reversed())
        let text = String(whole) + (fraction.isEmpty ? "" : "." + fraction)
        return negative && text != "0" ? "-" + text : text
    }

    /// Whether `s` is a JSON number as written (`-12.5`, `0`, `1e3`; not `+1`, `01`, `1.`, ` 1`, `0x1`),
    /// at most 100 characters: a bound a generator wrote as text is read only when it is one.
    static func isNumberLiteral(_ s: String) -> Bool {
        guard s.utf8.count <= 100 else { return false }
        var rest = Substring(s)
        if rest.first == "-" { rest = rest.dropFirst() }
        let whole = rest.prefix { $0.isASCII && $0.isNumber }
        guard !whole.isEmpty, whole == "0" || whole.first != "0" else { return false }
        rest = rest.dropFirst(whole.count)
        if rest.first == "." {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    /// -1, 0 or 1, exactly (DecimalText's order).
    static func compare(_ a: String, _ b: String) -> Int {
        guard let x = DecimalText(a), let y = DecimalText(b) else { return 0 }
        return x < y ? -1 : (y < x ? 1 : 0)
    }

    /// The whole-number bound inside `text`: for a lower bound (`up`) the smallest whole number
    /// allowed, for an upper bound the largest. `5` exclusive -> `6` (lower) or `4` (upper);
    /// `2.5` -> `3` (lower) or `2` (upper). Nil past Int64.
    static func integerBound(_ text: String, exclusive: Bool, up: Bool) -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int64(parts[0]) else { return nil }
        let hasFraction = parts.count > 1 && parts[1].contains { $0 != "0" }
        let negative = parts[0].hasPrefix("-")
        var value = whole
        if hasFraction {
            // Truncation went toward zero: step to the right side of the real bound.
            if up && !negative { value += 1 }
            if !up && negative { value -= 1 }
        } else if exclusive {
            value += up ? 1 : -1
        }
        return String(value)
    }
}

/// JSON Schema's `format: time`: RFC 3339 `full-time`, seconds and offset included.
enum TimeFormat {
    static let pattern = "([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])"
    static let message = "Enter a time with seconds and its offset from UTC, like 14:30:00Z or 14:30:00+02:00"
}
