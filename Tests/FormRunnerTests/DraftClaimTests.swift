import FormCore
import FormDrafts
import Foundation
import Glibc
import Synchronization
import Testing

/// Issue 28 item 6: a new draft's number is claimed with an exclusive create, so runs saving at
/// the same moment never share one file.
@Suite("DraftShelf: claimed draft numbers")
struct DraftClaimTests {
    private func tempFolder() -> String {
        var template = Array("/tmp/formline-claim-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return "/tmp" }
            return String(cString: made)
        } + "/drafts"
    }

    @Test("16 threads claiming at once get 16 different numbers, lowest first")
    func concurrentClaims() throws {
        let shelf = DraftShelf(folder: tempFolder())
        let claimed = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if let path = try? shelf.claim(formID: "signup") { claimed.withLock { $0.append(path) } }
        }
        let paths = claimed.withLock { $0 }
        #expect(Set(paths).count == 16)
        let expected = [shelf.path(formID: "signup", number: 1)] + (2...16).map { shelf.path(formID: "signup", number: $0) }
        #expect(Set(paths) == Set(expected))
        var info = stat()
        #expect(stat(shelf.path(formID: "signup", number: 1), &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test("a claim skips every taken name (a symlink too, never followed) and takes a freed number again")
    func skipsTakenNames() throws {
        let folder = tempFolder()
        let shelf = DraftShelf(folder: folder)
        #expect(try shelf.claim(formID: "f") == folder + "/f.json")
        #expect(symlink("/etc/passwd", folder + "/f+2.json") == 0)
        #expect(try shelf.claim(formID: "f") == folder + "/f+3.json")
        unlink(folder + "/f.json")
        #expect(try shelf.claim(formID: "f") == folder + "/f.json")
        #expect(try shelf.claim(formID: "other") == folder + "/other.json")
    }

    @Test("all 999 numbers taken: the claim fails and overwrites nothing")
    func allTaken() throws {
        let folder = tempFolder()
        let shelf = DraftShelf(folder: folder)
        for _ in 1...DraftShelf.maximumPerForm { _ = try shelf.claim(formID: "f") }
        #expect(throws: DraftError.unwritable(folder + "/f+999.json",
                                              "all 999 drafts of f are kept already (formline drafts f lists them; --discard N deletes one)")) {
            try shelf.claim(formID: "f")
        }
    }

    @Test("release removes a claimed file left empty, never a written one")
    func release() throws {
        let shelf = DraftShelf(folder: tempFolder())
        let empty = try shelf.claim(formID: "f"), written = try shelf.claim(formID: "f")
        try DraftStore(path: written).save(Draft(formID: "f", formSHA256: "", savedAt: "", values: ["a": .string("x")]))
        DraftShelf.release(empty)
        DraftShelf.release(written)
        #expect(access(empty, F_OK) != 0)
        #expect(try DraftStore(path: written).load().values == ["a": .string("x")])
    }

    @Test("an empty claimed file (never written, e.g. after SIGKILL) is no draft: not listed, never the latest")
    func emptyClaimIsNoDraft() throws {
        let shelf = DraftShelf(folder: tempFolder())
        let written = try shelf.claim(formID: "f")
        try DraftStore(path: written).save(Draft(formID: "f", formSHA256: "", savedAt: "", values: ["a": .string("x")]))
        let empty = try shelf.claim(formID: "f")
        // The empty one is the newer: "latest" by time alone would pick it.
        var times = [timespec(tv_sec: 1_000, tv_nsec: 0), timespec(tv_sec: 1_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, written, &times, 0) == 0)
        var info = stat()
        #expect(stat(empty, &info) == 0 && info.st_size == 0)
        #expect(shelf.all().map(\.path) == [written])
        #expect(shelf.drafts(of: "f").map(\.number) == [1])
        #expect(shelf.latest(of: "f")?.path == written)
        // Still claimed: a new claim does not take its number.
        #expect(try shelf.claim(formID: "f") == shelf.path(formID: "f", number: 3))
    }
}
