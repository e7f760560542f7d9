/// The refusals of field types that show what was typed (a count, a part, a character): a
/// `ValueError.typeDetail` carries one, and `english` and each language's table render it
/// (docs/languages.md). A type's fixed sentences stay `ValueError.typeRule` in its file under
/// FieldTypes/; a sentence with a parameter is a case here, so every language gets its words and
/// `MessageTranslationTests` checks the parameters. The kind files build the cases (parts already
/// shortened where they are quoted).
public enum FieldTypeRefusal: Sendable, Equatable {
    // MARK: email
    case emailHasSpaces
    /// More than one `@`: how many.
    case emailAtCount(Int)
    case emailNeedsName
    /// The part after `@` has no dot: that part, shortened.
    case emailDomainNeedsDot(domain: String)
    // MARK: date, time, datetime
    /// Shaped like a date but not on the calendar (2023-02-30).
    case notRealDate(String)
    case notRealTime(String)
    case notRealDateTime(String)
    /// A date and time to the minute: the seconds (and maybe the offset) are missing.
    case dateTimeNeedsSeconds(time: String, hasOffset: Bool)
    // MARK: hostname
    case hostnameTooLong(length: Int)
    case hostnameLabelTooLong(label: String)
    case hostnameHyphenAtEnd(label: String)
    case hostnameCharacter(String)
    // MARK: ipv4, ipv6, cidr
    case ipv4PartCount(Int)
    case ipv4OctetOver255(String)
    case ipv4LeadingZero(String)
    case ipv6GroupTooLong(String)
    case ipv6GroupCount(Int)
    case cidrPrefixOver(prefix: String, maximum: Int)
    // MARK: phone, uri
    case phoneCharacter(String)
    case phoneDigitCount(Int)
    /// A character a URI can't hold as it is (not a space: that one is a fixed sentence).
    case uriCharacter(String)

    /// The English sentence, the one place its words are written.
    var english: String {
        switch self {
        case .emailHasSpaces: return "Enter a valid email address: an address has no spaces"
        case .emailAtCount(let n): return "Enter a valid email address: an address has one @, not \(n)"
        case .emailNeedsName: return "Enter a valid email address: a name is needed before the @"
        case .emailDomainNeedsDot(let domain): return "Enter a valid email address: the part after @ needs a dot, like \(domain).com"
        case .notRealDate(let text): return "\(text) is not a real date"
        case .notRealTime(let text): return "\(text) is not a time of day (hours 00-23, minutes and seconds 00-59)"
        case .notRealDateTime(let text): return "\(text) is not a real date and time"
        case .dateTimeNeedsSeconds(let time, true): return "Add the seconds to the time, like \(time):00"
        case .dateTimeNeedsSeconds(let time, false):
            return "Add the seconds and the offset from UTC to the time, like \(time):00Z or \(time):00+02:00"
        case .hostnameTooLong(let length): return "A host name has at most 253 characters (this has \(length))"
        case .hostnameLabelTooLong(let label): return "Part \"\(label)\" is longer than 63 characters"
        case .hostnameHyphenAtEnd(let label): return "Part \"\(label)\" can't start or end with a hyphen"
        case .hostnameCharacter(let c): return "\"\(c)\" can't be in a host name (letters a-z, digits, - and .)"
        case .ipv4PartCount(let n): return "An IPv4 address has 4 numbers separated by dots, this has \(n)"
        case .ipv4OctetOver255(let octet): return "Octet \(octet) is over 255"
        case .ipv4LeadingZero(let octet): return "Octet \(octet) has a leading zero, which some systems read as octal: write it without"
        case .ipv6GroupTooLong(let group): return "Group \(group) has more than 4 hex digits"
        case .ipv6GroupCount(let n): return "An IPv6 address has 8 groups of hex digits (or fewer with ::), this has \(n)"
        case .cidrPrefixOver(let prefix, let maximum): return "Prefix /\(prefix) is over \(maximum)"
        case .phoneCharacter(let c): return "\"\(c)\" can't be in a phone number (digits, grouped with spaces, dashes, dots or parentheses)"
        case .phoneDigitCount(let n): return "A phone number has 8 to 15 digits after the +, this has \(n)"
        case .uriCharacter(let c): return "\"\(c)\" can't be in a URI as it is: percent-encode it"
        }
    }
}
