import FormCore

/// Scalars and comments as form-file YAML text. Anything that is not plainly safe is written
/// double-quoted with escapes, so no text from a document can change the YAML's structure.
enum YAMLText {
    /// `signup`, or `"Create an account: step 1"`.
    static func scalar(_ s: String) -> String {
        isPlainSafe(s) ? s : quoted(s)
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let v = u.value
                let printable = v == 0x09 || (0x20...0x7E).contains(v) || (0xA0...0xD7FF).contains(v)
                    || ((0xE000...0xFFFD).contains(v) && v != 0xFEFF) || (0x10000...0x10FFFF).contains(v)
                // Bidi controls are written as escapes too: a raw one would reorder the file in an
                // editor or a terminal (issue 33 item 3); the loader then names it.
                let bidi = TextCleaning.isBidiControl(u) || v == 0x200E || v == 0x200F || v == 0x061C
                if printable && v != 0x2028 && v != 0x2029 && !bidi {
                    out.unicodeScalars.append(u)
                } else if v <= 0xFFFF {
                    out += "\\u" + hex(v, 4)
                } else {
                    out += "\\U" + hex(v, 8)
                }
            }
        }
        return out + "\""
    }

    /// A flow list of scalars: `[a, "b c"]`.
    static func list(_ items: [String]) -> String {
        "[" + items.map(quotedInFlow).joined(separator: ", ") + "]"
    }

    /// One comment line per line of text, each at most 200 characters (a document's text can't
    /// end the comment early: line breaks become new comment lines, and no control character or
    /// bidi override is written).
    static func comment(_ text: String, indent: String) -> [String] {
        text.split(whereSeparator: \.isNewline).flatMap { line -> [String] in
            // C0, DEL and C1 controls become spaces, bidi controls are escaped: `import` prints
            // these lines on a terminal.
            let cleaned = TextCleaning.withoutControlCharacters(String(line))
            return [indent + "# " + (cleaned.count > 200 ? String(cleaned.prefix(200)) + "..." : cleaned)]
        }
    }

    private static func quotedInFlow(_ s: String) -> String {
        isPlainSafe(s) && !s.contains(",") ? s : quoted(s)
    }

    private static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return false }
        guard first.properties.isAlphabetic || ("0"..."9").contains(first) || first == "_" || first == "/" else { return false }
        guard last != " " && last != ":" else { return false }
        guard !s.contains(": ") && !s.contains(" #") else { return false }
        return s.unicodeScalars.allSatisfy { u in
            u.isASCII ? (u.properties.isAlphabetic || ("0"..."9").contains(u) || " _-./@+:()'".unicodeScalars.contains(u))
                : u.properties.isAlphabetic
        }
    }

    private static func hex(_ v: UInt32, _ width: Int) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
