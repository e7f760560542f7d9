/// Why a typed line was not accepted for a field. Code decides on the case; the operator reads the
/// one sentence `description` renders (the only place these texts are written).
public enum ValueError: Error, Sendable, CustomStringConvertible {
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
    /// Not an email address; `problem` says what is wrong when one thing clearly is.
    case notEmail(problem: String?)
    case notWebURL
    case notURI
    /// A character a URI can't hold as it is (a space, a non-ASCII letter): percent-encode it.
    case uriCharacter(Character)
    /// `%` not followed by two hex digits.
    case uriPercent
    case notUUID
    case notWholeNumber
    case notNumber
    case notDate
    /// Shaped like a date but not on the calendar (2023-02-30).
    case notRealDate(String)
    case notBoolean
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
    /// One item of a multichoice answer failed: the message names the item.
    indirect case inItem(String, ValueError)
    case notIPv4
    case ipv4PartCount(Int)
    case ipv4OctetOver255(String)
    case ipv4LeadingZero(String)
    case notIPv6
    case ipv6GroupTooLong(String)
    case ipv6DoubleCompression
    case ipv6GroupCount(Int)
    case notIPAddress
    case notCIDR
    case cidrPrefixOver(prefix: String, maximum: Int)
    case notHostname
    case hostnameTooLong(length: Int)
    case hostnameEmptyLabel
    case hostnameLabelTooLong(String)
    case hostnameHyphenAtEnd(String)
    case hostnameCharacter(Character)
    case hostnameNumericEnd
    case notMAC
    case notTime
    case notRealTime(String)
    case notDateTime
    case dateTimeNeedsOffset
    /// A date and time to the minute: the seconds (and maybe the offset) are missing.
    case dateTimeNeedsSeconds(time: String, hasOffset: Bool)
    case notRealDateTime(String)
    /// Text given as is (tests, or a caller's own reason).
    case message(String)

    /// A reason given as text.
    public init(_ message: String) { self = .message(message) }

    /// The sentence the operator sees under the line.
    public var message: String { description }

    public var description: String {
        switch self {
        case .controlCharacters: return "Control characters are not allowed"
        case .scriptedValueTooLong(let multiline):
            return multiline ? "The value is too long (over 1 MiB, the most a multiline value holds)"
                : "The value is too long (over 64 KiB, the longest line a prompt takes)"
        case .tooShort(let min): return "At least \(min) character\(min == 1 ? "" : "s")"
        case .tooLong(let max, let length): return "At most \(max) character\(max == 1 ? "" : "s") (this has \(length))"
        case .patternMismatch(let message): return message ?? "Not in the expected format"
        case .patternUndecided(let field, let reason): return PatternMatch.undecidedMessage(field: field, reason)
        case .notEmail(let problem): return "Enter a valid email address" + (problem.map { ": " + $0 } ?? "")
        case .notURI: return "Enter a URI with its scheme, like https://example.com/x or mailto:a@example.com"
        case .uriCharacter(let c):
            return c == " " ? "A URI can't contain spaces: write %20" : "\"\(c)\" can't be in a URI as it is: percent-encode it"
        case .uriPercent: return "% in a URI must be followed by two hex digits (%20)"
        case .notUUID: return "Enter a UUID like f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (8-4-4-4-12 hex digits)"
        case .notWebURL: return "Enter a web address starting with http:// or https://"
        case .notWholeNumber: return "Enter a whole number, like 42"
        case .notNumber: return "Enter a number, like 12.5 (with . as the decimal point)"
        case .notDate: return "Enter a date as YYYY-MM-DD"
        case .notRealDate(let text): return "\(text) is not a real date"
        case .notBoolean: return "Answer y or n"
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
            return "'\(typed)' matches \(ChoiceResolver.list(matches, conjunction: "and")): type more"
        case .inItem(let item, let reason): return "'\(item)': \(reason)"
        case .notIPv4: return "Enter an IPv4 address like 192.0.2.10"
        case .ipv4PartCount(let n): return "An IPv4 address has 4 numbers separated by dots, this has \(n)"
        case .ipv4OctetOver255(let octet): return "Octet \(octet) is over 255"
        case .ipv4LeadingZero(let octet):
            return "Octet \(octet) has a leading zero, which some systems read as octal: write it without"
        case .notIPv6: return "Enter an IPv6 address like 2001:db8::1"
        case .ipv6GroupTooLong(let group): return "Group \(group) has more than 4 hex digits"
        case .ipv6DoubleCompression: return "Use :: only once in an IPv6 address"
        case .ipv6GroupCount(let n): return "An IPv6 address has 8 groups of hex digits (or fewer with ::), this has \(n)"
        case .notIPAddress: return "Enter an IP address like 192.0.2.10 or 2001:db8::1"
        case .notCIDR: return "Enter a network as address/prefix, like 192.0.2.0/24 or 2001:db8::/32"
        case .cidrPrefixOver(let prefix, let max): return "Prefix /\(prefix) is over \(max)"
        case .notHostname: return "Enter a host name like mail.example.com"
        case .hostnameTooLong(let length): return "A host name has at most 253 characters (this has \(length))"
        case .hostnameEmptyLabel: return "A host name can't have an empty part (two dots in a row, or a dot first)"
        case .hostnameLabelTooLong(let label):
            return "Part \"\(TextWrap.truncate(label, to: 20))\" is longer than 63 characters"
        case .hostnameHyphenAtEnd(let label): return "Part \"\(TextWrap.truncate(label, to: 20))\" can't start or end with a hyphen"
        case .hostnameCharacter(let c): return "\"\(c)\" can't be in a host name (letters a-z, digits, - and .)"
        case .hostnameNumericEnd: return "The last part of a host name can't be all digits (that is an address)"
        case .notMAC: return "Enter a MAC address like 00:1a:2b:3c:4d:5e"
        case .notTime: return "Enter a time as HH:MM or HH:MM:SS (24-hour), like 09:30"
        case .notRealTime(let text): return "\(text) is not a time of day (hours 00-23, minutes and seconds 00-59)"
        case .notDateTime: return "Enter a date and time like 2024-05-01T14:30:00Z or 2024-05-01T14:30:00+02:00"
        case .dateTimeNeedsOffset: return "Add the offset from UTC after the time: Z, or like +02:00"
        case .dateTimeNeedsSeconds(let time, let hasOffset):
            return hasOffset ? "Add the seconds to the time, like \(time):00"
                : "Add the seconds and the offset from UTC to the time, like \(time):00Z or \(time):00+02:00"
        case .notRealDateTime(let text): return "\(text) is not a real date and time"
        case .message(let text): return text
        }
    }
}

extension ValueError: Equatable {
    /// Two reasons are equal when the operator reads the same sentence.
    public static func == (a: ValueError, b: ValueError) -> Bool { a.description == b.description }
}
