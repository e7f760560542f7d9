/// `integer`: an optional sign and ASCII digits, sent as a JSON number in canonical text
/// (`+007` is 7), exact at any size. Ordered as numbers.
struct IntegerKind: FieldKind {
    var ordering: FieldOrdering? { .number }
    var boundFormat: String { "a whole number" }
    var countsOn: Bool { true }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        guard let n = DecimalText(input, allowFraction: false) else { return .failure(.notWholeNumber) }
        return .success(.number(n.description))
    }

    func rule(for field: Field) -> String? { "a whole number" }

    /// The next whole number (`-1` -> `0`, not the last digits' `-2`); nil past `Int`'s range.
    func countedOn(_ previous: FieldValue) -> String? {
        guard let n = Int(previous.editableText), n < Int.max else { return nil }
        return String(n + 1)
    }
    func promptHints(for field: Field) -> [String] { NumberRangeHint.hints(field) }
}

/// The range in a number's prompt: "1-5", "at least 1", "at most 5".
enum NumberRangeHint {
    static func hints(_ field: Field) -> [String] {
        if field.minimumIsExclusive || field.maximumIsExclusive {
            // Words, since "0-100" would read as including the excluded bound.
            let lo = field.minimum.map { field.minimumIsExclusive ? $0.ordering.exclusiveLowerBoundPhrase($0) : $0.ordering.lowerBoundPhrase($0) }
            let hi = field.maximum.map { field.maximumIsExclusive ? $0.ordering.exclusiveUpperBoundPhrase($0) : $0.ordering.upperBoundPhrase($0) }
            return [[lo, hi].compactMap { $0 }.joined(separator: ", ")]
        }
        switch (field.minimum, field.maximum) {
        case let (lo?, hi?): return ["\(lo)-\(hi)"]
        case let (lo?, nil): return [lo.ordering.lowerBoundPhrase(lo)]
        case let (nil, hi?): return [hi.ordering.upperBoundPhrase(hi)]
        case (nil, nil): return []
        }
    }
}

/// The refusals of `integer` fields, with the sentences the operator reads.
extension ValueError {
    static let notWholeNumber = ValueError.typeRule("Enter a whole number, like 42")
}
