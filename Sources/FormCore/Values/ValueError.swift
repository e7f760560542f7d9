/// Why a typed line was not accepted for a field. Code decides on the case; the operator reads the
/// one sentence `description` renders. The reasons every field shares (length, pattern, bounds,
/// choices) are written here; a field type's own reasons (`notIPv4`, `hostnameTooLong`) are
/// `typeRule` members written in its kind's file in `FieldTypes/`, so a new type adds its
/// refusals beside its parsing and edits nothing here.
///
/// Indirect: every case's payload is boxed, so the error is a word and a field's parse result
/// (`Result<FieldValue, ValueError>`) is as small as its value. Unboxed, a bound's two ordered
/// values made every result a hundred-odd bytes, copied at each return of every accepted value.
public indirect enum ValueError: Error, Sendable, CustomStringConvertible {
    case controlCharacters
    /// A scripted value longer than anything a prompt takes (`--answers`, `--set`): one line of
    /// 64 KiB, or a multiline value of 1 MiB.
    case scriptedValueTooLong(multiline: Bool)
    case tooShort(minimum: Int)
    case tooLong(maximum: Int, length: Int)
    /// The field's `pattern` did not match; the form's `pattern_message`, if any.
    case patternMismatch(message: String?)
    /// The pattern engine hit its work limit (or failed): neither a match nor a mismatch.
    case patternUndecided(field: String, PatternUndecidedReason)
    /// Below the field's `min`; `maximum` is the field's `max`, if any (numbers say "between").
    case belowMinimum(OrderedValue, maximum: OrderedValue?)
    /// Above the field's `max`; `minimum` is the field's `min`, if any.
    case aboveMaximum(OrderedValue, minimum: OrderedValue?)
    /// Not above an exclusive `min` (`exclusive_min: 0`: "Must be more than 0").
    case notAbove(OrderedValue)
    /// Not below an exclusive `max`.
    case notBelow(OrderedValue)
    case notAChoice(choices: [String])
    /// A prefix that starts several choices; the message already names what was typed.
    case ambiguousChoice(typed: String, matches: [String])
    /// A long list (`ChoiceNarrowing`): no choice starts with what was typed. The list is not
    /// named, as "Choose one of" names a short one: it is too long to print.
    case noChoiceStarts(typed: String)
    /// One item of a multichoice answer failed: the message names the item.
    case inItem(String, ValueError)
    /// A field type's own reason, its sentence written in its kind's file (`FieldTypes/`).
    case typeRule(String)
    /// A field type's refusal that shows what was typed, from the catalogue
    /// (Messages/FieldTypeRefusal.swift), so every language has its words.
    case typeDetail(FieldTypeRefusal)
    /// Text given as is (tests, or a caller's own reason).
    case message(String)

    /// A reason given as text.
    public init(_ message: String) { self = .message(message) }

    /// The sentence the operator sees under the line.
    public var message: String { description }

    /// In the language bound now (`MessageLanguage.current`; English where it has no words).
    public var description: String {
        let language = MessageLanguage.current
        switch language.code {
        case .en: return english
        case .nb: return language.shown(norwegian ?? english)
        }
    }

    /// The English sentence.
    var english: String {
        switch self {
        case .controlCharacters: return "Control characters are not allowed"
        case .scriptedValueTooLong(let multiline):
            return multiline ? "The value is too long (over 1 MiB, the most a multiline value holds)"
                : "The value is too long (over 64 KiB, the longest line a prompt takes)"
        case .tooShort(let min): return "At least \(min) character\(min == 1 ? "" : "s")"
        case .tooLong(let max, let length): return "At most \(max) character\(max == 1 ? "" : "s") (this has \(length))"
        case .patternMismatch(let message): return message ?? "Not in the expected format"
        case .patternUndecided(let field, let reason): return PatternMatch.undecidedMessage(field: field, reason)
        case .belowMinimum(let lo, let hi):
            if lo.ordering.saysBetween, let hi { return "Must be between \(lo) and \(hi)" }
            return "Must be " + lo.ordering.lowerBoundPhrase(lo)
        case .aboveMaximum(let hi, let lo):
            if hi.ordering.saysBetween, let lo { return "Must be between \(lo) and \(hi)" }
            return "Must be " + hi.ordering.upperBoundPhrase(hi)
        case .notAbove(let lo): return "Must be " + lo.ordering.exclusiveLowerBoundPhrase(lo)
        case .notBelow(let hi): return "Must be " + hi.ordering.exclusiveUpperBoundPhrase(hi)
        case .notAChoice(let choices): return "Choose one of: \(choices.joined(separator: ", "))"
        case .ambiguousChoice(let typed, let matches):
            return "'\(typed)' matches \(ChoiceResolver.list(ChoiceResolver.named(matches, more: "more"), conjunction: "and")): type more"
        case .noChoiceStarts(let typed): return "No choice starts with '\(typed)'"
        case .inItem(let item, let reason): return "'\(item)': \(reason)"
        case .typeRule(let text), .message(let text): return text
        case .typeDetail(let refusal): return refusal.english
        }
    }
}

extension ValueError: Equatable {
    /// Two reasons are equal when the operator reads the same sentence.
    public static func == (a: ValueError, b: ValueError) -> Bool { a.description == b.description }
}
