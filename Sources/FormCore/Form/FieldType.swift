/// The names of the field types a form file may use (`type: ipv4`). What each one means lives in
/// its kind (`FieldTypes/`); `kind` is the one switch that connects them, so a new case makes the
/// compiler point here, and a new kind makes it list every decision the type must make. Nothing
/// else switches over types (docs/contributing.md, "A new field type").
public enum FieldType: String, Sendable, CaseIterable, Hashable {
    case text, multiline, secret, email, url, integer, decimal, date, boolean, choice, multichoice
    case ipv4, ipv6, ip, cidr, hostname, mac, time, datetime, uri, uuid, phone

    package var kind: any FieldKind {
        switch self {
        case .text: return TextKind()
        case .multiline: return MultilineKind()
        case .secret: return SecretKind()
        case .email: return EmailKind()
        case .url: return URLKind()
        case .integer: return IntegerKind()
        case .decimal: return DecimalKind()
        case .date: return DateKind()
        case .boolean: return BooleanKind()
        case .choice: return ChoiceKind()
        case .multichoice: return MultichoiceKind()
        case .ipv4: return IPv4Kind()
        case .ipv6: return IPv6Kind()
        case .ip: return IPKind()
        case .cidr: return CIDRKind()
        case .hostname: return HostnameKind()
        case .mac: return MACKind()
        case .time: return TimeKind()
        case .datetime: return DateTimeKind()
        case .uri: return URIKind()
        case .uuid: return UUIDKind()
        case .phone: return PhoneKind()
        }
    }

    /// The type whose kind claims an OpenAPI string `format` (`idn-email` -> email), if any.
    package static func claiming(openAPIFormat format: String) -> FieldType? {
        allCases.first { $0.kind.openAPIFormats.contains(format) }
    }

    /// Ordered types: `min`/`max` and `before`/`not_after` checks apply.
    package var isOrdered: Bool { kind.ordering != nil }

    /// Types whose value is free text measured in characters (`min_length`/`max_length`/`pattern`).
    package var isTextual: Bool { kind.measuresLength }
}
