import FormRunner
import FormTerminal

/// Picks the line source for a session: readline when interactive (stdin and the prompt stream
/// are terminals), else the plain byte reader (pipes, serial lines). formline never opens /dev/tty.
package enum LineSources {
    /// - Parameter plain: `--plain`: readline is told the terminal is "dumb", so it writes no
    ///   escape sequences whatever TERM says.
    /// - Parameter accessible: the accessible presentation reads lines as the terminal edits them
    ///   (Backspace, Ctrl-U, Ctrl-W), never redrawing the line: what a screen reader has read
    ///   stays true, and nothing but the typed characters is echoed (docs/accessibility.md).
    package static func make(
        interactive: Bool, output: TerminalOutput, interrupts: any InterruptEdge, environment: [String: String],
        formID: String, plain: Bool = false, accessible: Bool = false
    ) -> any LineSource {
        guard interactive && !accessible else { return PlainLineSource(inputFD: 0, output: output, interrupts: interrupts) }
        let history = FieldHistory(path: FieldHistory.defaultPath(formID: formID, environment: environment))
        return ReadlineLineSource(inputFD: 0, output: output, history: history, interrupts: interrupts, terminalName: plain ? "dumb" : nil,
            scrollsSideways: plain || ["", "dumb"].contains(environment["TERM"] ?? ""))
    }
}
