import FormCore
import FormRunner
import FormTerminal
import Testing

/// Styles only where the terminal's terminfo entry has them (issue 35 item 13).
@Suite struct TerminfoStylesTests {
    /// A compiled entry: `colors` (number 13) when given, and the strings at `strings` (indexes
    /// into term(5)'s list: 27 bold, 30 dim, 39 sgr0), in the legacy or the 32-bit number format.
    private func entry(colors: Int?, strings: [Int], wide: Bool = false) -> [UInt8] {
        func short(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        let names = Array("t|test entry".utf8) + [0]
        let bools: [UInt8] = [0, 1, 0]
        let numberCount = 15, stringCount = 40
        var numbers: [UInt8] = []
        for i in 0..<numberCount {
            let v = i == 13 ? (colors ?? -1) : -1
            numbers += wide ? (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } : short(v)
        }
        var offsets: [UInt8] = [], table: [UInt8] = []
        for i in 0..<stringCount {
            if strings.contains(i) {
                offsets += short(table.count)
                table += Array("\u{1B}[1m".utf8) + [0]
            } else {
                offsets += short(-1)
            }
        }
        var bytes = short(wide ? 0o1036 : 0o432) + short(names.count) + short(bools.count) + short(numberCount)
            + short(stringCount) + short(table.count) + names + bools
        if bytes.count % 2 == 1 { bytes.append(0) }
        return bytes + numbers + offsets + table
    }

    @Test func stylesAreWhatTheEntryHas() {
        #expect(TerminfoStyles.styles(entry: entry(colors: 256, strings: [27, 30, 39])) == .all)
        #expect(TerminfoStyles.styles(entry: entry(colors: 256, strings: [27, 30, 39], wide: true)) == .all)
        // A vt100: bold, no dim, no colours.
        #expect(TerminfoStyles.styles(entry: entry(colors: nil, strings: [27, 39])) == [.bold])
        // Fewer than 8 colours is no colour; without sgr0 nothing can be ended, so nothing is begun.
        #expect(TerminfoStyles.styles(entry: entry(colors: 2, strings: [27, 39])) == [.bold])
        #expect(TerminfoStyles.styles(entry: entry(colors: 8, strings: [27, 30])) == [])
    }

    @Test func aDamagedEntryHasNoStyles() {
        let whole = entry(colors: 256, strings: [27, 30, 39])
        for cut in [0, 1, 11, 12, 40, whole.count - 1] {
            #expect(TerminfoStyles.styles(entry: Array(whole.prefix(cut))) == nil, "\(cut)")
        }
        var wrongMagic = whole
        wrongMagic[0] = 0
        #expect(TerminfoStyles.styles(entry: wrongMagic) == nil)
        var negative = whole
        negative[3] = 0xFF  // a negative name size
        #expect(TerminfoStyles.styles(entry: negative) == nil)
    }

    @Test func theSystemsVT100AndXterm() throws {
        // No TERMINFO, no ~/.terminfo: the system's entries (ncurses-base ships these).
        let env = ["HOME": "/nonexistent"]
        #expect(TerminfoStyles.styles(environment: env.merging(["TERM": "vt100"]) { $1 }) == [.bold])
        #expect(TerminfoStyles.styles(environment: env.merging(["TERM": "vt220"]) { $1 }) == [.bold])
        #expect(TerminfoStyles.styles(environment: env.merging(["TERM": "xterm-256color"]) { $1 }) == .all)
        for name in ["", "../../etc/passwd", "x/../vt100", ".hidden", "no-such-terminal-here"] {
            #expect(TerminfoStyles.styles(environment: env.merging(["TERM": name]) { $1 }) == [], "\(name)")
        }
        #expect(TerminfoStyles.styles(environment: env) == [])
    }

    @Test func aStyleTheTerminalLacksLeavesItsLinesPlain() {
        let vt100 = Renderer(face: .colour, styles: [.bold])
        #expect(vt100.render(OutputLine("Title", style: .title)) == "\u{1B}[1mTitle\u{1B}[0m\n")
        #expect(vt100.render(OutputLine("  ! No", style: .error)) == "  ! No\n")
        #expect(vt100.render(OutputLine("  (hint)", style: .notice)) == "  (hint)\n")
        #expect(Renderer(face: .colour).render(OutputLine("  ! No", style: .error)) == "\u{1B}[31m  ! No\u{1B}[0m\n")
    }
}
