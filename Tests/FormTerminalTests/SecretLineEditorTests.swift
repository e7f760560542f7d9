import Testing
@testable import FormReadline

@Suite struct SecretLineEditorTests {
    private func type(_ text: String, keys: SecretReader.Keys = .init()) -> (SecretReader.LineEditor.Step, String) {
        var editor = SecretReader.LineEditor(keys: keys)
        var step = SecretReader.LineEditor.Step.more
        for byte in text.utf8 {
            step = editor.feed(byte)
            if step != .more { break }
        }
        return (step, String(decoding: editor.bytes, as: UTF8.self))
    }

    @Test func crAndLFEachEndTheLine() {
        #expect(type("hunter2\r").0 == .done)
        #expect(type("hunter2\r").1 == "hunter2")
        #expect(type("hunter2\n").0 == .done)
    }

    @Test func eraseRemovesOneCharacterEvenIfMultibyte() {
        #expect(type("abc\u{7F}\r").1 == "ab")
        #expect(type("abc\u{8}\r").1 == "ab")
        #expect(type("påss\u{7F}\u{7F}\u{7F}\r").1 == "p")
        #expect(type("\u{7F}x\r").1 == "x")
    }

    @Test func killAndWordErase() {
        #expect(type("wrong\u{15}right\r").1 == "right")
        #expect(type("two words\u{17}\r").1 == "two ")
    }

    @Test func ctrlDEndsInputOnlyOnAnEmptyLine() {
        #expect(type("\u{4}").0 == .endOfInput)
        #expect(type("ab\u{4}c\r").1 == "abc")
    }

    @Test func arrowKeysAndOtherControlsAreIgnored() {
        #expect(type("a\u{1B}[Ab\u{1B}OBc\u{1B}[3~d\u{1}\r").1 == "abcd")
    }

    @Test func theLimitHolds() {
        var editor = SecretReader.LineEditor(limit: 3)
        for byte in "abcdef".utf8 { _ = editor.feed(byte) }
        #expect(editor.bytes == Array("abc".utf8))
        #expect(editor.overflowed)
    }
}
