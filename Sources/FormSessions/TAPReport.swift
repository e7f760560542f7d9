import FormCore

/// `formline replay --format tap`: Test Anything Protocol, version 13 (read by TAP 14 consumers
/// too): `1..N`, then `ok N - PATH` or `not ok N - PATH` with a YAML block holding the reason
/// and the diff. Lines are written as the results arrive, in list order.
package enum TAPReport {
    package static func header(count: Int) -> String { "TAP version 13\n1..\(count)" }

    /// The lines for transcript number `number` (1-based).
    package static func line(_ number: Int, _ outcome: ReplayBatch.Outcome) -> String {
        let result = outcome.result
        // A `#` in the description would start a TAP directive: escaped as the spec says.
        let name = TextCleaning.withoutControlCharacters(result.path)
            .split(separator: "#", omittingEmptySubsequences: false).joined(separator: "\\#")
        if result.passed { return "ok \(number) - \(name)" + (result.updated ? " (updated)" : "") }
        var out = "not ok \(number) - \(name)\n  ---\n"
        out += "  message: \(quoted(result.reason))\n"
        out += "  severity: fail\n"
        out += "  duration_ms: \(Int((outcome.seconds * 1000).rounded()))\n"
        if !result.diff.isEmpty {
            out += "  diff: |\n"
            for line in result.diff.split(separator: "\n") {
                out += "    " + TextCleaning.visible(String(line)) + "\n"
            }
        }
        out += "  ..."
        return out
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ raw: String) -> String {
        var out = "\""
        for character in TextCleaning.visible(raw) {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
