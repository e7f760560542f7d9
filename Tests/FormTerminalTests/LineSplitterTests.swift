import FormRunner
import FormTerminal
import Testing

@Suite("LineSplitter")
struct LineSplitterTests {
    func lines(_ chunks: [String], limit: Int = 64) -> [LineSplitter.Item] {
        var splitter = LineSplitter(limit: limit)
        var items = chunks.flatMap { splitter.feed(Array($0.utf8)) }
        if let last = splitter.finish() { items.append(last) }
        return items
    }

    @Test("LF, CRLF and a bare CR each end one line", arguments: ["a\nb\n", "a\r\nb\r\n", "a\rb\r"])
    func endings(_ text: String) {
        #expect(lines([text]) == [.line(Array("a".utf8)), .line(Array("b".utf8))])
    }

    @Test("a CR and its LF in separate reads are one line end")
    func splitAcrossReads() {
        #expect(lines(["a\r", "\nb\r", "\n"]) == [.line(Array("a".utf8)), .line(Array("b".utf8))])
    }

    @Test("a byte-order mark at the start is dropped, also split across reads; elsewhere it is content")
    func byteOrderMark() {
        let bom = "\u{FEFF}"
        #expect(lines([bom + "a\r\nb\r\n"]) == [.line(Array("a".utf8)), .line(Array("b".utf8))])
        var splitter = LineSplitter(limit: 64)
        var items = [[0xEF], [0xBB], [0xBF, 0x61, 0x0A]].flatMap { splitter.feed($0) }
        #expect(items == [.line([0x61])])
        // A second mark, or one later in the stream, is the operator's text.
        #expect(lines([bom + bom + "a\n" + bom + "b\n"]) == [.line(Array((bom + "a").utf8)), .line(Array((bom + "b").utf8))])
        // The start of a mark that is not one is kept.
        splitter = LineSplitter(limit: 64)
        items = splitter.feed([0xEF, 0xBB, 0x0A])
        #expect(items == [.line([0xEF, 0xBB])])
        splitter = LineSplitter(limit: 64)
        items = splitter.feed([0xEF])
        #expect(items.isEmpty)
        #expect(splitter.finish() == .line([0xEF]))
    }

    @Test("empty lines stay empty lines; CR CR is two")
    func emptyLines() {
        #expect(lines(["\n\r\r\n\r\r"]) == Array(repeating: .line([]), count: 5))
    }

    @Test("a line over the limit is reported once and discarded up to its end")
    func tooLong() {
        #expect(lines([String(repeating: "x", count: 70), "y\nok\n"]) == [.tooLong, .line(Array("ok".utf8))])
        #expect(lines([String(repeating: "x", count: 64) + "\n"]) == [.line(Array(repeating: UInt8(ascii: "x"), count: 64))])
    }

    @Test("the unterminated last line is delivered at end of input")
    func lastLine() {
        #expect(lines(["a\nb"]) == [.line(Array("a".utf8)), .line(Array("b".utf8))])
    }
}

@Suite("Renderer")
struct RendererTests {
    @Test("colour only on a terminal, without --plain, TERM=dumb or NO_COLOR")
    func face() {
        #expect(Renderer.face(isTerminal: true, plainFlag: false, environment: ["TERM": "xterm"]) == .colour)
        #expect(Renderer.face(isTerminal: false, plainFlag: false, environment: ["TERM": "xterm"]) == .plain)
        #expect(Renderer.face(isTerminal: true, plainFlag: true, environment: ["TERM": "xterm"]) == .plain)
        #expect(Renderer.face(isTerminal: true, plainFlag: false, environment: ["TERM": "dumb"]) == .plain)
        #expect(Renderer.face(isTerminal: true, plainFlag: false, environment: [:]) == .plain)
        #expect(Renderer.face(isTerminal: true, plainFlag: false, environment: ["TERM": "xterm", "NO_COLOR": "1"]) == .plain)
    }
}

import FormCore

extension RendererTests {
    @Test("colour never changes the text")
    func sameText() {
        let line = OutputLine("  ! At least 3 characters\n    more", style: .error)
        let coloured = Renderer(face: .colour).render(line)
        let stripped = coloured.replacingEscapes()
        #expect(stripped == Renderer(face: .plain).render(line))
        #expect(coloured != stripped)
    }
}

extension String {
    /// Removes CSI sequences (ESC [ ... final byte).
    func replacingEscapes() -> String {
        var out = ""
        var iterator = unicodeScalars.makeIterator()
        while let s = iterator.next() {
            if s == "\u{1B}" {
                _ = iterator.next()
                while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
                continue
            }
            out.unicodeScalars.append(s)
        }
        return out
    }
}
