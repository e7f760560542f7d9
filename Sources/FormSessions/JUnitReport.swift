import FormCore

/// `formline replay --junit FILE`: one `<testcase>` per transcript in the JUnit XML that Jenkins
/// and GitLab read (`testsuites > testsuite > testcase > failure`), so CI names the transcript that
/// failed rather than one red step.
///
/// Transcript text (paths, reasons, diffs) is made visible first (`TextCleaning.visible`: control
/// characters as `<U+XXXX>`, which XML 1.0 could not hold even as references), then XML-escaped.
package enum JUnitReport {
    /// The document for `outcomes` (in run order), as suite `suiteName`.
    package static func make(_ outcomes: [ReplayBatch.Outcome], suiteName: String = "formline replay") -> String {
        let failures = outcomes.filter { !$0.result.passed }.count
        let total = outcomes.reduce(0.0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(attribute(suiteName))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(seconds(total))\">\n"
        xml += "  <testsuite name=\"\(attribute(suiteName))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(seconds(total))\">\n"
        for outcome in outcomes {
            let result = outcome.result
            let name = attribute(result.path)
            let opening = "    <testcase name=\"\(name)\" classname=\"\(attribute(classname(result.path)))\" time=\"\(seconds(outcome.seconds))\""
            if result.passed {
                xml += opening + "/>\n"
            } else {
                xml += opening + ">\n"
                xml += "      <failure message=\"\(attribute(result.reason))\" type=\"\(failureType(result))\">"
                xml += text(result.reason + (result.diff.isEmpty ? "" : "\n" + result.diff))
                xml += "</failure>\n"
                xml += "    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// The folder of the transcript, dotted as JUnit readers group classes (`Tests.Sessions`).
    static func classname(_ path: String) -> String {
        let parts = path.split(separator: "/").dropLast().filter { $0 != "." }
        return parts.isEmpty ? "sessions" : parts.joined(separator: ".")
    }

    static func failureType(_ result: ReplayResult) -> String {
        if result.problems.contains(where: { if case .timedOut = $0 { return true } else { return false } }) { return "timeout" }
        return result.problems.allSatisfy(\.isOutputOnly) ? "mismatch" : "replay"
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((max(0, value.isFinite ? value : 0) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Element text: visible, then `&`, `<`, `>` escaped; newlines and tabs kept.
    static func text(_ raw: String) -> String {
        escapeXML(raw.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextCleaning.visible(String($0), keepingTabs: true) }.joined(separator: "\n"), quotes: false)
    }

    /// Attribute value: one line, visible, quotes escaped too.
    static func attribute(_ raw: String) -> String {
        escapeXML(TextCleaning.visible(raw), quotes: true)
    }

    static func escapeXML(_ text: String, quotes: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&apos;"
            case "\u{FFFE}", "\u{FFFF}": out += TextCleaning.escape(scalar)
            default:
                // XML 1.0 allows no other control characters; `visible` has escaped them already.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" {
                    out += TextCleaning.escape(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
