import FormSystem
import Glibc
import Testing

/// The one whole-file read refuses what could hang or grow without bound, with a reason.
@Suite struct WholeFileTests {
    private func temporaryFolder() -> String {
        var template = Array("/tmp/formline-system-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        #expect(made != nil)
        return made ?? "/tmp/formline-unavailable"
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

/// The one atomic write cannot be steered elsewhere (issue 18 items 4 and 12).
@Suite struct AtomicFileTests {
    fileprivate func temporaryFolder() -> String {
        var template = Array("/tmp/formline-atomic-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: result, count: strlen(result)), as: UTF8.self)
        }
        return made ?? "/tmp"
    }

    fileprivate func entries(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    @Test func aSymlinkOrAFIFOTargetIsNeverReplaced() throws {
        let folder = temporaryFolder()
        try AtomicFile.write(Array("precious".utf8), to: folder + "/victim")
        #expect(symlink(folder + "/victim", folder + "/link") == 0)
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect(throws: FileWriteError(reason: "not a regular file (a symbolic link); nothing was written")) {
            try AtomicFile.write(Array("evil".utf8), to: folder + "/link")
        }
        #expect(throws: FileWriteError(reason: "not a regular file (a FIFO); nothing was written")) {
            try AtomicFile.write(Array("evil".utf8), to: folder + "/fifo")
        }
        #expect(try WholeFile.read(folder + "/victim") == Array("precious".utf8))
        #expect(entries(folder) == ["fifo", "link", "victim"], "no temporary file is left behind")
    }

    @Test func anExistingModeIsKeptOnlyWhenAsked() throws {
        let folder = temporaryFolder()
        let path = folder + "/t.session"
        try AtomicFile.write(Array("a".utf8), to: path, mode: 0o640)
        try AtomicFile.write(Array("b".utf8), to: path, keepExistingMode: true)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o7777 == 0o640)
        try AtomicFile.write(Array("c".utf8), to: path)
        #expect(stat(path, &info) == 0 && info.st_mode & 0o7777 == 0o600)
        #expect(try WholeFile.read(path) == Array("c".utf8))
    }

    @Test func operatorPathsGetNoFoldersMade() {
        let folder = temporaryFolder()
        #expect(throws: FileWriteError(reason: "No such file or directory")) {
            try AtomicFile.write([], to: folder + "/missing/f", createFolders: false)
        }
        #expect(entries(folder).isEmpty)
        #expect(AtomicFile.problem(writing: folder + "/missing/f") == "the folder \(folder)/missing does not exist")
        #expect(AtomicFile.problem(writing: folder + "/missing/f", createFolders: true) == nil)
        #expect(AtomicFile.problem(writing: "/dev/null") == "not a regular file (a character device)")
        #expect(AtomicFile.problem(writing: folder + "/new") == nil)
    }
}

extension AtomicFileTests {
    @Test func theNamedFallbackWritesWholeAndLeavesNothing() throws {
        let folder = temporaryFolder()
        let path = folder + "/d.json"
        try AtomicFile.write(Array("old".utf8), to: path, unnamedFirst: false)
        try AtomicFile.write(Array("new".utf8), to: path, mode: 0o600, unnamedFirst: false)
        #expect(try WholeFile.read(path) == Array("new".utf8))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o7777 == 0o600)
        #expect(entries(folder) == ["d.json"])
    }
}
