/// The order a scripted run lists its problems in: by line of the answers file, the order in
/// which someone fixing the file reads it. Unknown and hidden fields came first, then refused
/// and missing answers in form order, so line 2's problem could follow line 9's.
extension AnswerProblem {
    /// The answers-file line the origin names (`answers.yaml:4` -> 4); nil for a whole file (a
    /// missing answer), an option (`--set age`, `--secret pin`) or no origin.
    package var line: Int? {
        guard let origin, !origin.hasPrefix("--"), let colon = origin.lastIndex(of: ":") else { return nil }
        let digits = origin[origin.index(after: colon)...]
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// `problems` by line; those without one (missing answers, options) after them, in the
    /// order they were found.
    package static func byLine(_ problems: [AnswerProblem]) -> [AnswerProblem] {
        problems.enumerated().sorted { a, b in
            switch (a.element.line, b.element.line) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
