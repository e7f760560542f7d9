import FormCore
import FormDrafts
import FormSystem
import Glibc
import Testing

@Suite("DraftStore")
struct DraftStoreTests {
    func tempDir() -> String {
        var template = Array("/tmp/formline-draft-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return "/tmp" }
            return String(cString: made)
        }
    }

    @Test("a draft round-trips, lands with mode 0600 in folders it makes, and is deleted")
    func roundTrip() throws {
        let path = tempDir() + "/a/b/signup.json"
        let store = DraftStore(path: path)
        #expect(!store.exists)
        let draft = Draft(formID: "signup", formSHA256: DraftStore.fingerprint(Array("x".utf8)),
                          savedAt: "2026-11-22T00:00:00Z", values: ["age": .number("42"), "name": .string("Åse")])
        try store.save(draft)
        #expect(try store.load() == draft)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(DraftStore.fingerprint(Array("x".utf8)) == "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881")
        store.delete()
        #expect(!store.exists)
    }

    @Test("a file that is not a draft is a clear error, not a crash")
    func invalid() throws {
        let path = tempDir() + "/bad.json"
        try AtomicFile.write(Array("{\"version\":2}".utf8), to: path, mode: 0o600)
        #expect(throws: DraftError.invalid(path)) { try DraftStore(path: path).load() }
        #expect(throws: DraftError.unreadable(path + ".none")) { try DraftStore(path: path + ".none").load() }
    }

    @Test("the default path follows XDG_STATE_HOME, else ~/.local/state")
    func defaultPath() {
        #expect(DraftStore.defaultPath(formID: "signup", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/formline/drafts/signup.json")
        #expect(DraftStore.defaultPath(formID: "signup", environment: ["HOME": "/h"]) == "/h/.local/state/formline/drafts/signup.json")
        #expect(DraftStore.defaultPath(formID: "signup", environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/formline/drafts/signup.json")
    }
}
