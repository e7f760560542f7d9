import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import FormReadline

@Suite final class FieldHistoryTests {
    private let dir: String

    init() {
        var template = Array("/tmp/formline-history-XXXXXX".utf8CString)
        dir = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }.map { String(cString: $0) } ?? "/tmp/formline-history-unavailable"
    }

    deinit {
        unlink(temporaryPath())
        for sub in ["/state/formline/history", "/state/formline", "/state", ""] { rmdir(dir + sub) }
    }

    private func temporaryPath() -> String {
        dir + "/state/formline/history/signup.json"
    }

    @Test func pathFollowsXDGStateHome() {
        #expect(FieldHistory.defaultPath(formID: "signup", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == "/s/formline/history/signup.json")
        #expect(FieldHistory.defaultPath(formID: "signup", environment: ["HOME": "/h"])
                == "/h/.local/state/formline/history/signup.json")
        // A relative XDG_STATE_HOME is ignored, as the XDG spec says.
        #expect(FieldHistory.defaultPath(formID: "signup", environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
                == "/h/.local/state/formline/history/signup.json")
    }

    @Test func formIDCannotEscapeTheFolder() {
        #expect(FieldHistory.safeFileName("../../etc/passwd") == ".._.._etc_passwd")
        #expect(FieldHistory.safeFileName("..") == "form")
        #expect(FieldHistory.safeFileName("") == "form")
    }

    @Test func answersPersistPerFieldAcrossInstances() {
        let path = temporaryPath()
        let first = FieldHistory(path: path)
        first.add("bob", for: "username")
        first.add("bob@example.com", for: "email")
        first.add("alice", for: "username")
        let second = FieldHistory(path: path)
        #expect(second.entries(for: "username") == ["bob", "alice"])
        #expect(second.entries(for: "email") == ["bob@example.com"])
        #expect(second.entries(for: "age") == [])
    }

    @Test func fileIsPrivate() {
        let path = temporaryPath()
        FieldHistory(path: path).add("bob", for: "username")
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func repeatsMoveUpAndTheCapHolds() {
        let path = temporaryPath()
        let history = FieldHistory(path: path, cap: 3)
        for name in ["a1", "b2", "c3", "a1", "d4"] { history.add(name, for: "f") }
        #expect(history.entries(for: "f") == ["c3", "a1", "d4"])
        #expect(FieldHistory(path: path, cap: 3).entries(for: "f") == ["c3", "a1", "d4"])
    }

    @Test func commandsAndBlankLinesAreNotRemembered() {
        let history = FieldHistory(path: temporaryPath())
        for line in ["", "   ", ".back", "?", " .cancel"] { history.add(line, for: "f") }
        history.add("..dotted", for: "f")
        #expect(history.entries(for: "f") == ["..dotted"])
    }

    @Test func retractTakesBackOnlyTheNewestEqualEntry() {
        let history = FieldHistory(path: temporaryPath())
        history.add("bob", for: "username")
        history.add("ad", for: "username")
        history.retract("bob", for: "username")
        #expect(history.entries(for: "username") == ["bob", "ad"])
        history.retract("ad", for: "username")
        #expect(history.entries(for: "username") == ["bob"])
    }

    @Test func aCorruptFileIsAnEmptyHistory() {
        let path = temporaryPath()
        #expect(FieldHistory.writeAtomically(Array("{not json".utf8), to: path))
        let history = FieldHistory(path: path)
        #expect(history.entries(for: "username") == [])
        history.add("bob", for: "username")
        #expect(FieldHistory(path: path).entries(for: "username") == ["bob"])
    }
}
