import FormCore

/// The value typed at `>* [name]` for a private field when the transcript has no
/// `#! private name = VALUE` (docs/privacy.md): the first of a few fixed candidates, one or more
/// per field type, that passes the field's own rules, stretched to `min_length` and cut to
/// `max_length` (as `DefaultSecret` does), else the field's first choice or its bounds. Fixed, so
/// a replay is the same every time. Nil when the rules refuse every candidate: the transcript
/// then gives the value with `#! private name = VALUE`.
package enum DefaultPrivate {
    /// Two or more a type, so several private fields of one type get values of their own.
    static let candidates = [
        "Replay Private", "Replay Privacy", "Private Replay", "replay.private@example.org", "replay.privacy@example.org",
        "+4722334455", "+4722334466", "1970-01-01", "1970-01-02", "1970-01-03", "1970-01-01T00:00:00Z", "1970-01-02T00:00:00Z",
        "12:00", "13:00", "4242", "4343", "4444", "42.5", "43.5", "yes", "no", "replay.example.org", "privacy.example.org",
        "https://replay.example.org/", "https://privacy.example.org/", "urn:replay:private", "urn:replay:privacy",
        "192.0.2.42", "192.0.2.43", "2001:db8::42", "2001:db8::43", "192.0.2.0/24", "198.51.100.0/24",
        "00:00:5e:00:53:42", "00:00:5e:00:53:43", "00000000-0000-4000-8000-000000000042", "00000000-0000-4000-8000-000000000043",
        "ReplayPrivate", "replayprivate", "REPLAYPRIVATE", "424242424242", "434343434343",
    ]

    /// `avoiding`: values other fields of the replay type already.
    package static func value(for field: Field, avoiding: Set<String>) -> String? {
        let own = field.choices.prefix(1) + [field.minimum, field.maximum].compactMap { $0?.description }
        var ordered = Array(own) + candidates
        // `carry: next` offers the next record the value counted on: one with a number to count
        // on first, as the recorded run's (which offered a default) must have had.
        if field.carry == .next { ordered = ordered.filter { Carry.countedOn($0) != nil } + ordered.filter { Carry.countedOn($0) == nil } }
        for candidate in ordered {
            var value = candidate
            if let min = field.minLength, value.count < min, !value.isEmpty {
                while value.count < min { value += candidate }
            }
            if let max = field.maxLength, value.count > max { value = String(value.prefix(max)) }
            if value.isEmpty || avoiding.contains(value) { continue }
            if case .success = field.parse(value) { return value }
        }
        return nil
    }

    /// A field of the form by the name a transcript line gives: a field's own, or an item's
    /// (`lines.2.qty` is the declaration `lines.qty`; `tags.3` is `tags`).
    package static func declaration(of name: String, in spec: FormSpec) -> Field? {
        if let field = spec.field(named: name) { return field }
        let parts = name.split(separator: ".").filter { !$0.allSatisfy(\.isNumber) }
        return spec.field(named: parts.joined(separator: "."))
    }
}
