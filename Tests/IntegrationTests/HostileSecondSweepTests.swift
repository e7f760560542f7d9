import Foundation
import Testing

/// Issue 33 (the second hostile-input sweep), items 1-4 and 12, through the real binary: a
/// failing replay's diff bounded, the OpenAPI cache verified, form text never raw on a terminal,
/// no quadratic list checks, and `check --openapi` loading each derived form.
@Suite("hostile input, second sweep", .serialized)
struct HostileSecondSweepTests {
    let fm = FileManager.default

    /// A folder under the repository (replay reads forms only inside the folder it runs from).
    private func scratchFolder() throws -> String {
        let folder = BinaryRunner.root.path + "/.build/hostile2-\(UUID().uuidString)"
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A signup transcript whose output departs from the form's at its first line and then
    /// holds `lines` more lines of `filler` output.
    private func divergingTranscript(lines: Int, filler: String) -> String {
        var text = "#! formline-session 1\n#! form: ../../Forms/signup.yaml\n#! args: --plain\nCreate an account, differently\n"
        text.reserveCapacity(lines * (filler.utf8.count + 8))
        for n in 0..<lines { text += filler + String(n) + "\n" }
        return text + "Username:\n> bob_smith\n"
    }

    // MARK: - Item 1: a failing replay's diff is bounded

    @Test("a failing replay of a 20,000-line transcript differing in its first line ends quickly in bounded memory, its diff cut")
    func failingReplayDiffIsBounded() throws {
        let runner = try BinaryRunner()
        let folder = try scratchFolder()
        defer { try? fm.removeItem(atPath: folder) }
        let path = folder + "/long.session"
        try divergingTranscript(lines: 20_000, filler: "line ").write(toFile: path, atomically: false, encoding: .utf8)
        let started = Date()
        // 1 GB of address space: the quadratic table took 1.59 GB for this transcript.
        let r = try runner.shell("ulimit -v 1000000; exec \"$FORMLINE\" replay \"$1\"", arguments: [path], lines: [])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(r.status == 1, "\(r.stderr)")
        let out = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(out.first == "FAIL \(path): prompt \"Email:\" with no input left; output differs from the transcript at line 4")
        #expect(out.count < 420, "the diff is cut: \(out.count) lines")
        #expect(r.stdout.contains("... diff cut after 400 lines: the whole replay is in \(path).actual\n"))
        #expect(r.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test("a failing replay of a 6 MB transcript does not abort: it fails with a cut diff")
    func failingReplayOfSixMegabytesDoesNotAbort() throws {
        let runner = try BinaryRunner()
        let folder = try scratchFolder()
        defer { try? fm.removeItem(atPath: folder) }
        let path = folder + "/huge.session"
        let text = divergingTranscript(lines: 450_000, filler: "output ")
        #expect(text.utf8.count > 6_000_000 && text.utf8.count < 8 << 20)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let r = try runner.shell("ulimit -v 1000000; exec \"$FORMLINE\" replay \"$1\"", arguments: [path], lines: [])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("FAIL \(path): prompt \"Email:\" with no input left; output differs from the transcript at line 4\n"))
        #expect(r.stdout.contains("... diff cut after 400 lines"))
        #expect(r.stderr.isEmpty)
    }
}
