/// What text a form may show: a form file's (or an OpenAPI document's) title, labels, help,
/// messages and choices reach the operator's terminal, so they may not hold what could move the
/// cursor, retitle the window, ring the bell, reorder what is shown or pile up over other
/// characters (issue 33 item 3). Refused at load, with the position, rather than shown.
///
/// Refused: C0 controls (a tab and a line break only where `multiline`, as in help), DEL, C1
/// controls, the bidi embeddings, overrides, isolates and marks (U+202A-U+202E,
/// U+2066-U+2069, U+200E, U+200F, U+061C), and more than `TextCleaning.combiningMarksShown`
/// combining marks on one character.
package enum FormTextRule {
    /// Why `text` can't be form text (`a control character (U+001B)`), or nil when it can.
    package static func problem(_ text: String, multiline: Bool = false) -> String? {
        var marks = 0
        for s in text.unicodeScalars {
            if TextCleaning.isControl(s) {
                if multiline && (s == "\n" || s == "\t") { marks = 0; continue }
                return "a control character (\(TextCleaning.escape(s)))"
            }
            if TextCleaning.isBidiControl(s) || s.value == 0x200E || s.value == 0x200F || s.value == 0x061C {
                return "a bidi control (\(TextCleaning.escape(s)))"
            }
            let category = s.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark {
                marks += 1
                if marks > TextCleaning.combiningMarksShown {
                    return "more than \(TextCleaning.combiningMarksShown) combining marks on one character"
                }
            } else {
                marks = 0
            }
        }
        return nil
    }

    /// `text` made acceptable: for text formline writes into a form from elsewhere (an OpenAPI
    /// document's titles and descriptions), shown rather than refused: controls as spaces (tabs
    /// and line breaks kept where `multiline`), the rest as `<U+XXXX>`.
    package static func cleaned(_ text: String, multiline: Bool = false) -> String {
        guard problem(text, multiline: multiline) != nil else { return text }
        var out = String.UnicodeScalarView()
        var marks = 0
        for s in text.unicodeScalars {
            let category = s.properties.generalCategory
            let isMark = category == .nonspacingMark || category == .enclosingMark
            marks = isMark ? marks + 1 : 0
            if TextCleaning.isControl(s) && !(multiline && (s == "\n" || s == "\t")) {
                out.append(" ")
            } else if TextCleaning.isBidiControl(s) || s.value == 0x200E || s.value == 0x200F || s.value == 0x061C
                        || (isMark && marks > TextCleaning.combiningMarksShown) {
                out.append(contentsOf: TextCleaning.escape(s).unicodeScalars)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }
}
