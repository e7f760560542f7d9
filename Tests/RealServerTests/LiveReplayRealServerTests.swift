import Foundation
import Testing

/// `formline replay --live` as a contract test of the stock apps (issue 29 item 4): the
/// transcripts in Tests/LiveSessions/RealServers/APP were recorded with `fill --record` against
/// each app, and the real binary replays them against the running app, which must still answer
/// what was recorded (docs/sessions.md, "Live replay"). Needs the apps running, as the rest of
/// this target: `Tests/RealServers/start.py all -- swift test --skip-build --filter RealServer`.
@Suite("Real servers: replay --live")
struct LiveReplayRealServerTests {
    static let folder = "Tests/LiveSessions/RealServers"
    /// Seconds one replay run may take: two transcripts, four requests, on a loaded 2-core CI host.
    static let timeout: TimeInterval = 120

    /// The apps with live transcripts: the sub-folders of `folder`, sorted.
    static let apps: [String] = {
        let root = RealServerCase.repositoryRoot.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }()

    /// An app's transcripts, relative to the repository root, sorted as replay sorts a folder.
    static func transcripts(of app: String) -> [String] {
        let root = RealServerCase.repositoryRoot.appendingPathComponent("\(folder)/\(app)").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { $0.hasSuffix(".session") }.sorted().map { "\(folder)/\(app)/\($0)" }
    }

    /// The apps that serve the server checks of Tests/RealServers/checks.yaml (issue 30).
    static let checkApps: Set<String> = ["express", "fastapi"]

    @Test("every stock app has live transcripts: a signup and a receipt, each rejected then accepted; the check apps a checks session")
    func everyAppHasTranscripts() {
        #expect(Self.apps == ReceiptRealServerTests.apps.sorted())
        for app in Self.apps {
            let expected = (Self.checkApps.contains(app) ? ["checks.session"] : []) + ["receipt.session", "signup.session"]
            #expect(Self.transcripts(of: app).map { ($0 as NSString).lastPathComponent } == expected, "\(app)")
        }
    }

    @Test("each app still answers its transcripts as recorded",
          .disabled(if: RealServerEnvironment.skipped, "FORMLINE_SKIP_REAL_SERVERS=1"),
          arguments: LiveReplayRealServerTests.apps)
    func transcriptsPassLive(_ app: String) throws {
        guard let port = RealServerEnvironment.port(of: app) else {
            Issue.record("\(RealServerEnvironment.portVariable(app)) is not set: run under Tests/RealServers/start.py")
            return
        }
        let result = try FormlineProcess.run(
            ["replay", "--live", "--endpoint", "http://127.0.0.1:\(port)", "\(Self.folder)/\(app)"], lines: [], timeout: Self.timeout)
        #expect(!result.timedOut, "formline did not finish within \(Int(Self.timeout)) s")
        let transcripts = Self.transcripts(of: app)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == transcripts.map { "PASS \($0)\n" }.joined() + "\(transcripts.count) passed, 0 failed\n")
    }

    /// A transcript whose recorded rejection was changed (the message the server no longer gives)
    /// fails live, naming the `<=` line, with the server's line against the recorded one in the
    /// diff; the transcript itself is not rewritten.
    @Test("an answer the app no longer gives fails, naming the line, with a diff",
          .disabled(if: RealServerEnvironment.skipped, "FORMLINE_SKIP_REAL_SERVERS=1"))
    func aChangedAnswerFailsLive() throws {
        let app = "express"
        guard let port = RealServerEnvironment.port(of: app) else {
            Issue.record("\(RealServerEnvironment.portVariable(app)) is not set: run under Tests/RealServers/start.py")
            return
        }
        let root = RealServerCase.repositoryRoot.path
        let original = try String(contentsOfFile: "\(root)/\(Self.folder)/\(app)/signup.session", encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("<= 422 ") }, "the transcript's rejection")
        let recorded = lines[index]
        let message = "is already taken"
        #expect(recorded.contains(message))
        let altered = recorded.replacingOccurrences(of: message, with: "is not available")
        var changed = lines
        changed[index] = altered
        // In a folder of its own, with the form named by its absolute path.
        changed = changed.map { $0.hasPrefix("#! form: ") ? "#! form: \(root)/Tests/RealServers/signup.yaml" : $0 }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formline-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("signup.session").path
        let text = changed.joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)

        let result = try FormlineProcess.run(["replay", "--live", "--endpoint", "http://127.0.0.1:\(port)", path], lines: [], timeout: Self.timeout)
        let number = index + 1
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.hasPrefix(
            "FAIL \(path): line \(number): the body differs from the transcript's; output differs from the transcript at line \(number)\n"),
            "\(result.output)")
        #expect(result.output.contains("\n-\(altered)\n"), "\(result.output)")
        #expect(result.output.contains("\n+\(recorded)\n"), "\(result.output)")
        #expect(result.output.hasSuffix("0 passed, 1 failed\n"), "\(result.output)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}
