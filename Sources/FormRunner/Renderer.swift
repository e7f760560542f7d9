import FormCore

/// Formats wizard output for the terminal: one renderer, two faces. The plain face writes the
/// text alone; the styled face adds colour around it and never changes the text itself.
public struct Renderer: Sendable {
    public enum Face: Sendable, Equatable { case plain, colour }

    /// What the styled face may use: what the terminal's terminfo entry has (`TerminfoStyles`).
    public struct Styles: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Red errors: `colors` of 8 or more.
        public static let colour = Styles(rawValue: 1)
        /// The bold title.
        public static let bold = Styles(rawValue: 2)
        /// Dim notices and hints.
        public static let dim = Styles(rawValue: 4)
        public static let all: Styles = [.colour, .bold, .dim]
    }

    public let face: Face
    public let styles: Styles

    /// - Parameter styles: for the styled face, what the terminal has; a style it lacks leaves
    ///   that kind of line plain (TERM=vt100: a bold title, plain errors and notices).
    public init(face: Face, styles: Styles = .all) {
        self.face = face
        self.styles = styles
    }

    /// The face for these circumstances: colour only on a terminal, not `--plain`, not TERM=dumb,
    /// and not when NO_COLOR is set to anything non-empty (its convention). Which styles the
    /// styled face uses is the terminal's to say (`Styles`).
    package static func face(isTerminal: Bool, plainFlag: Bool, environment: [String: String]) -> Face {
        let term = environment["TERM"] ?? ""
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if !isTerminal || plainFlag || term.isEmpty || term == "dumb" || noColor { return .plain }
        return .colour
    }

    public func render(_ line: OutputLine) -> String {
        let end = line.endsLine ? "\n" : ""
        guard face == .colour, let code = colourCode(line.style) else { return line.text + end }
        // Colour each physical line on its own so a wrapped message never bleeds colour.
        let coloured = line.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "\u{1B}[\(code)m\($0)\u{1B}[0m" }
            .joinedText(separator: "\n")  // not the stdlib's: see TextJoining.swift
        return coloured + end
    }

    private func colourCode(_ style: OutputLine.Style) -> String? {
        switch style {
        case .title: return styles.contains(.bold) ? "1" : nil
        case .error: return styles.contains(.colour) ? "31" : nil
        case .notice: return styles.contains(.dim) ? "2" : nil
        case .plain, .choices, .review: return nil
        }
    }
}
