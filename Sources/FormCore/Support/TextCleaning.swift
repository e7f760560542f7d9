/// Text formline did not write (a server's message, a form file's value, a typed line echoed on a
/// pipe) made safe to show on a terminal or in a file: the one place such text is cleaned.
///
/// Escape rule 10a (docs/SECURITY.md, "Numbered rules"): a character that could move the cursor,
/// retitle the window, reorder what is shown or pile up over other characters is shown as a visible
/// escape, `<U+XXXX>`: the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
/// and every combining mark after the `combiningMarksShown`-th on one base character. Control
/// characters are replaced by a space where the text is one line of a message
/// (`withoutControlCharacters`), or escaped the same way where every byte matters (`visible`).
package enum TextCleaning {
    /// Combining marks kept on one base character; more are escaped (a "stack" of marks can
    /// cover the lines above and below it).
    package static let combiningMarksShown = 4

    /// Control characters (escape sequences, bells, newlines, tabs, C1 controls) replaced by
    /// spaces, so a server cannot move the cursor, recolour the screen or break a line; bidi
    /// controls and stacked combining marks escaped.
    package static func withoutControlCharacters(_ text: String) -> String {
        cleaned(text) { _ in " " }
    }

    /// Every control character (but a tab, when `keepingTabs`), bidi control and stacked
    /// combining mark as `<U+XXXX>`: for echoing typed text and repeating a form file's values.
    package static func visible(_ text: String, keepingTabs: Bool = false) -> String {
        cleaned(text) { s in
            guard isControl(s), !(keepingTabs && s == "\t") else { return nil }
            return escape(s)
        }
    }

    /// `withoutControlCharacters`, trimmed, cut to `limit` characters with "..." when longer.
    package static func oneLine(_ text: String, limit: Int) -> String {
        let flat = withoutControlCharacters(text).trimmedWhitespace
        return flat.count > limit ? String(flat.prefix(max(0, limit - 3))) + "..." : flat
    }

    /// Whether `text` holds a bidi control: refused in field names and form ids.
    package static func containsBidiControls(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isBidiControl)
    }

    package static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value)
    }

    package static func isBidiControl(_ s: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
    }

    /// `<U+202E>`.
    package static func escape(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// One pass over the scalars: `control` decides what a control character becomes (a
    /// replacement, or nil to keep it); bidi controls and marks past the stack bound are escaped.
    private static func cleaned(_ text: String, control: (Unicode.Scalar) -> String?) -> String {
        // Printable ASCII holds no control, bidi control or combining mark: the text as it is
        // (the scalar loop with its property lookups was 1.5% of a replay, every report line).
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text }
        var out = String.UnicodeScalarView()
        var marks = 0
        for s in text.unicodeScalars {
            if isControl(s), let replacement = control(s) {
                out.append(contentsOf: replacement.unicodeScalars)
                marks = 0
            } else if isBidiControl(s) {
                out.append(contentsOf: escape(s).unicodeScalars)
            } else if s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .enclosingMark {
                marks += 1
                if marks > combiningMarksShown {
                    out.append(contentsOf: escape(s).unicodeScalars)
                } else {
                    out.append(s)
                }
            } else {
                out.append(s)
                marks = 0
            }
        }
        return String(out)
    }
}
