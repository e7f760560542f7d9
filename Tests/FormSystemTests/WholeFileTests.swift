import FormSystem
import Glibc
import Testing

/// The one whole-file read refuses what could hang or grow without bound, with a reason.
@Suite struct WholeFileTests {
    private func temporaryFolder() -> String {
        var template = Array("/tmp/formline-system-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        #expect(made != nil)
        return String(cString: template.map { UInt8(bitPattern: $0) }.dropLast() + [0])
    }

    @Test func readsARegularFileWhole() throws {
        let folder = temporaryFolder()
        try AtomicFile.write(Array("hello\n".utf8), to: folder + "/a.txt")
        #expect(try WholeFile.read(folder + "/a.txt", limit: 100) == Array("hello\n".utf8))
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = temporaryFolder()
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        #expect(throws: FileReadError.notRegularFile(kind: "a FIFO")) { try WholeFile.read(folder + "/pipe", limit: 100) }
        #expect(FileReadError.notRegularFile(kind: "a FIFO").reason == "not a regular file (a FIFO)")
    }

    @Test func devZeroIsRefused() {
        #expect(throws: FileReadError.notRegularFile(kind: "a character device")) { try WholeFile.read("/dev/zero", limit: 100) }
    }

    @Test func aFolderIsRefused() {
        // In the words open(2)+read(2) always gave for a folder (form files' messages keep them).
        #expect(throws: FileReadError.cannotOpen("Is a directory")) { try WholeFile.read("/tmp", limit: 100) }
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let folder = temporaryFolder()
        try AtomicFile.write([UInt8](repeating: 65, count: 2048), to: folder + "/big")
        #expect(throws: FileReadError.tooLarge(limit: 1024)) { try WholeFile.read(folder + "/big", limit: 1024) }
        #expect(FileReadError.tooLarge(limit: 1024).reason == "larger than 1 KiB")
        #expect(try WholeFile.read(folder + "/big", limit: 2048).count == 2048)
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: FileReadError.cannotOpen("No such file or directory")) { try WholeFile.read("/nonexistent/x", limit: 10) }
    }

    @Test func atomicWritesAreOwnerOnlyByDefaultAndLeaveNoTemporaryFile() throws {
        let folder = temporaryFolder()
        let path = folder + "/sub/dir/f.json"
        try AtomicFile.write(Array("{}".utf8), to: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(access(path + ".tmp-\(getpid())", F_OK) != 0)
    }

    @Test func aWriteUnderARegularFileFailsWithTheSystemsReason() throws {
        let folder = temporaryFolder()
        try AtomicFile.write(Array("x".utf8), to: folder + "/file")
        #expect(throws: FileWriteError(reason: "Not a directory")) { try AtomicFile.write([], to: folder + "/file/f") }
    }

    @Test func theStateFolderFollowsXDG() {
        #expect(StateDirectory.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s")
        #expect(StateDirectory.path(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]) == "/h/.local/state")
        #expect(StateDirectory.formlineFile("drafts", name: "signup", environment: ["HOME": "/h"]) == "/h/.local/state/formline/drafts/signup.json")
    }
}
