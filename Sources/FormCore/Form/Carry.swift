/// How a field's answer carries into the next record of a run (`fill --repeat`, form-file key
/// `carry:`): data-entry clerks type the same switch, date or warehouse forty times otherwise.
public enum Carry: String, Sendable, Equatable, CaseIterable {
    /// `carry` left out: each record starts from the form's own default.
    case none
    /// `carry: true`: the previous record's answer is the default (`[value]`, Enter keeps it).
    case same
    /// `carry: next`: the previous record's answer counted on by one: an integer field's next
    /// integer, any other field's last run of digits (`Gi1/0/7` -> `Gi1/0/8`, `ap-09` -> `ap-10`).
    case next

    /// The types whose value can be counted on: an integer, and those whose last decimal number
    /// is what changes from one record to the next (a port, a serial, a day, an address). Not
    /// where the last digits mean something else: a decimal's cents, a CIDR's prefix length, a
    /// datetime's offset, the hex of a MAC or IPv6 address or a UUID; nor a choice, a yes/no, a list or a
    /// multiline text, which have no "next". Each type's kind decides (`FieldKind.countsOn`).
    public static func countsOn(_ type: FieldType) -> Bool { type.kind.countsOn }

    /// The types `next` applies to, named as a form file names them (`integer, text, ... and
    /// uri`): the form-file error lists these, so it can't leave one out.
    public static var countingTypeNames: String {
        let names = FieldType.allCases.filter(countsOn).map(\.rawValue)
        guard let last = names.last else { return "" }
        return names.dropLast().joinedText(separator: ", ") + " and " + last
    }

    /// The text of the next record's default, as the operator would type it, or nil when there is
    /// none: nothing to carry, or (for `next`) no number to count on. The caller still checks the
    /// text against the field's rules (port 52 of a 52-port switch has no next).
    public func carried(_ previous: FieldValue?, type: FieldType) -> String? {
        guard let previous else { return nil }
        switch self {
        case .none: return nil
        case .same: return previous.editableText
        case .next: return type.kind.countedOn(previous)
        }
    }

    /// `text` with its last run of ASCII digits increased by one, keeping leading zeros while the
    /// width allows (`port-009` -> `port-010`, `99` -> `100`); nil when the text has no digit.
    /// A run of digits longer than 40 is left alone (nil): counting is for ports and serials.
    public static func countedOn(_ text: String) -> String? { countedOn(text, by: 1) }

    /// `countedOn` applied `steps` times (at least 1), in one addition: replay counts a private
    /// value on by a record's number, which a hand-written transcript may put at a million, for
    /// each of a form's fields. nil where `countedOn` would be nil at some step (no digit, or a
    /// run of digits longer than 40 before the last step).
    public static func countedOn(_ text: String, by steps: Int) -> String? {
        guard steps >= 1 else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let last = scalars.lastIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        var first = last
        while first > 0, ("0"..."9").contains(scalars[first - 1]) { first -= 1 }
        guard last - first < 40 else { return nil }
        let run = scalars[first...last].map { Int($0.value) - 48 }
        // The run before the last step must still be one a step counts (40 digits at most).
        guard steps == 1 || added(steps - 1, to: run).count <= 40 else { return nil }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[..<first])
        out.append(contentsOf: added(steps, to: run).map { Unicode.Scalar(UInt8(48 + $0)) })
        out.append(contentsOf: scalars[(last + 1)...])
        return String(out)
    }

    /// The decimal digits of `digits` plus `amount`, as wide as before unless the sum needs more.
    private static func added(_ amount: Int, to digits: [Int]) -> [Int] {
        var out = digits
        var carry = amount
        var i = out.count - 1
        while carry > 0 && i >= 0 {
            let total = out[i] + carry
            out[i] = total % 10
            carry = total / 10
            i -= 1
        }
        var front: [Int] = []
        while carry > 0 {
            front.insert(carry % 10, at: 0)
            carry /= 10
        }
        return front + out
    }
}
