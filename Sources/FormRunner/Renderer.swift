import FormCore

/// Formats wizard output for the terminal: one renderer, two faces. The plain face writes the
/// text alone; the styled face adds colour around it and never changes the text itself.
public struct Renderer: Sendable {
    public enum Face: Sendable, Equatable { case plain, colour }

    public let face: Face

    public init(face: Face) { self.face = face }

    /// The face for these circumstances: colour only on a terminal, not `--plain`, not TERM=dumb,
    /// and not when NO_COLOR is set to anything non-empty (its convention).
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
        case .title: return "1"
        case .error: return "31"
        case .notice: return "2"
        case .plain, .choices, .review: return nil
        }
    }
}
