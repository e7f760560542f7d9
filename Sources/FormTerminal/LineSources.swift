/// Picks the line source for a session: the editing terminal source when interactive, else the
/// plain byte reader (pipes, serial consoles). formline never opens /dev/tty.
public enum LineSources {
    public static func make(interactive: Bool, output: TerminalOutput, environment: [String: String], formID: String) -> any LineSource {
        PlainLineSource(inputFD: 0, output: output)
    }
}
