import FormCore

/// The value typed at `>* [name: refused]` on replay: one the field refuses the way the recorded
/// run's value was refused, so the wizard asks again and every later line lands on the prompt it
/// was recorded at (issue 33 item 11). The value itself was never recorded; the refusal message
/// was (the output after the line), so the value is chosen by it:
///
/// 1. a fixed candidate (`x`, one character over `max_length`, a few that break common patterns,
///    one with a control character) whose own refusal message is what the transcript shows after
///    the line;
/// 2. an empty line when the transcript shows `Required`;
/// 3. for a `distinct` field whose refusal quotes `[name]`, the value of the earlier record the
///    refusal names (`Record 2 already has ...`, by the wizard's own words), else the accepted
///    value (a transcript without `#! record` lines types one value in every record); else a
///    value the field's rules accept but unlike the accepted one, for a refusal by a check
///    between fields (a confirmation that does not match);
/// 4. else nil: replay says no such value can be made (`ReplayFailure.noRefusedSecret`).
package enum RefusedSecret {
    /// `earlier`: for a private `distinct` field in a run of records, the value each earlier
    /// record typed, with its number.
    package static func value(for field: Field, accepted: String?, earlier: [(record: Int, value: String)] = [],
                              shownAfter output: [String]) -> String? {
        let shown = squeezed(output.joined(separator: " "))
        let shownUnnamed = unnamed(shown)
        for candidate in candidates(for: field) {
            // A private field's refusal quoting the typed text is recorded quoting `[name]`.
            // Or naming it whole (`[birth] is not a real date`), as the recorder masks a private
            // value of four characters or more wherever it stands, under the name of whichever
            // private field it learned the value from first (`[mrn]` if the same text was typed
            // there too): any name in brackets is taken for any other.
            if case .failure(let problem) = field.parse(candidate),
               shown.contains(squeezed(problem.message))
                || shown.contains(squeezed(PrivateQuote.masked(problem.message, typed: candidate, name: field.name)))
                || shownUnnamed.contains(unnamed(squeezed(SecretMask.mask(problem.message, secret: candidate, with: "[\(field.name)]")))) {
                return candidate
            }
        }
        if field.required, shown.contains("Required") { return "" }
        // A `distinct` clash (`Record 1 already has Code [code]`): the value an earlier record
        // of the run was given, which is the one replay types for the field.
        if field.distinct, shown.contains(squeezed("[\(field.name)]")) {
            if let named = earlier.first(where: { namesRecord($0.record, of: field, in: shown) }) { return named.value }
            if let accepted, case .success = field.parse(accepted) { return accepted }
        }
        for stem in ["Replay-Mismatch-7", "ReplayMismatch7", "replaymismatch", "737373737373"] {
            var value = stem
            if let min = field.minLength { while value.count < min { value += stem } }
            if let max = field.maxLength, value.count > max { value = String(value.prefix(max)) }
            if !value.isEmpty, value != accepted, case .success = field.parse(value) { return value }
        }
        return nil
    }

    /// Whether `shown` holds the wizard's clash message naming record `number`, whatever the
    /// label (translated, cut to fit, 7-bit): its words before and after the label.
    private static func namesRecord(_ number: Int, of field: Field, in shown: String) -> Bool {
        let marker = "\u{1}"
        let message = WizardMessage.recordAlreadyHas(record: number, label: marker, value: "[\(field.name)]").text
        guard let cut = message.range(of: marker) else { return false }
        return shown.contains(squeezed(String(message[..<cut.lowerBound])))
            && shown.contains(squeezed(String(message[cut.upperBound...])))
    }

    /// The output lines between transcript line `position` and the next operator line.
    package static func outputAfter(_ position: Int, in lines: [TranscriptLine]) -> [String] {
        var shown: [String] = []
        for line in lines[(position + 1)...] {
            switch line.kind {
            case .output(let text): shown.append(text)
            case .input, .secretInput, .refusedSecretInput, .endOfInput, .unreadable, .interrupt: return shown
            default: continue
            }
        }
        return shown
    }

    private static func candidates(for field: Field) -> [String] {
        // `x` then U+0085 (a C1 control, NEL): refused as a control character like a pasted
        // escape sequence, and typed as plain UTF-8 text by the pty replay (a C0 control would be
        // a readline key there).
        // U+0085 is also white space, which a trimmed field (a private one) drops: U+0086 inside.
        var out = ["x", "0", "!", "x x", "xxxxxxxx", "x\u{85}", "x\u{86}x"]
        // Values of the type's shape that are not real or lie outside any usual bound: a date's
        // `2023-02-30 is not a real date` needs a value that looks like a date (found by the
        // binary fuzzer: a refused private birth date did not replay).
        out += shapedMisses[field.type] ?? []
        if let max = field.maxLength, max < 100_000 { out.append(String(repeating: "x", count: max + 1)) }
        if let min = field.minLength, min > 1, min < 100_000 { out.append(String(repeating: "x", count: min - 1)) }
        // A choice's first letters that more than one choice starts with (`f` for female and
        // fuzzy): refused as ambiguous.
        for choice in field.choices.prefix(50) {
            for length in 1...2 where choice.count > length {
                let start = String(choice.prefix(length))
                if !out.contains(start) { out.append(start) }
            }
        }
        return out
    }

    /// Per type: values with its shape that its parsing or a usual bound refuses.
    private static let shapedMisses: [FieldType: [String]] = [
        .date: ["2023-02-30", "2023-13-01", "1000-01-01", "9999-12-31"],
        .datetime: ["2023-02-30T10:00", "2023-02-30T10:00:00Z", "1000-01-01T00:00", "9999-12-31T23:59"],
        .time: ["25:00", "12:60"],
        .integer: ["-1", "1.5", "-99999999999999999999", "99999999999999999999"],
        .decimal: ["-1", "-99999999999999999999", "99999999999999999999", "1.123456789"],
    ]

    /// `text` with each `[name]` (a field name in brackets) as `[]`.
    private static func unnamed(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]"),
              rest[rest.index(after: open)..<close].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) {
            out += rest[...open]
            out += "]"
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// Without whitespace: a long message is wrapped over several output lines.
    private static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace })
    }
}
