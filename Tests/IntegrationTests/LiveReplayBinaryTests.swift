import Foundation
import FormTransport
import Testing

/// `formline replay --live` end to end (issue 29 item 4): the built binary against the demo server
/// in a process of its own on 127.0.0.1 port 0 (an in-process server shares the test process's two
/// cooperative threads with every test beside it, and on a loaded CI host its username check
/// answered after the client's timeout), with a transcript recorded against it
/// (Tests/LiveSessions/signup-drf.session: "admin" refused by the username check, then "admin2"
/// checked and accepted as id 1).
@Suite("replay --live against the demo server", .timeLimit(.minutes(2)))
struct LiveReplayBinaryTests {
    static let transcript = "Tests/LiveSessions/signup-drf.session"

    @Test func aTranscriptRecordedAgainstTheDemoServerPassesLive() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        let runner = try BinaryRunner()
        let r = try runner.run(["replay", "--live", "--endpoint", "http://127.0.0.1:\(server.port)/drf", Self.transcript], lines: [])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "PASS \(Self.transcript)\n1 passed, 0 failed\n")
        // The server itself says what it accepted: the signup with "admin2", as id 1, and nothing else.
        let accepted = try Self.submissions(server.port)
        #expect(accepted.hasPrefix(#"{"submissions":[{"id":1,"path":"/drf/api/signup","body":{"#), "\(accepted)")
        #expect(accepted.contains(#""username":"admin2""#), "\(accepted)")
        #expect(!accepted.contains(#""id":2"#), "\(accepted)")
    }

    @Test func anAnswerTheServerNoLongerGivesFailsNamingTheLineWithADiff() throws {
        let server = try DemoServerProcess()
        defer { server.stop() }
        let runner = try BinaryRunner()
        let original = try String(contentsOfFile: BinaryRunner.root.path + "/" + Self.transcript, encoding: .utf8)
        let recorded = #"<= 400 application/json {"username":[{"code":"unique","message":"This username is already taken."}]}"#
        let changed = original
            .replacingOccurrences(of: "#! form: ../../Forms/signup.yaml", with: "#! form: " + BinaryRunner.root.path + "/Forms/signup.yaml")
            .replacingOccurrences(of: recorded, with: recorded.replacingOccurrences(of: "is already taken.", with: "is taken."))
        #expect(changed.contains("is taken."))
        let path = runner.home.appendingPathComponent("changed.session").path
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        let number = (changed.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<= 400") } ?? -1) + 1

        let r = try runner.run(["replay", "--live", "--endpoint", "http://127.0.0.1:\(server.port)/drf", path], lines: [])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("FAIL \(path): line \(number): the body differs from the transcript's; output differs from the transcript at line \(number)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("\n-" + recorded.replacingOccurrences(of: "is already taken.", with: "is taken.") + "\n+" + recorded + "\n"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func liveNeedsAnEndpointAndNeverUpdates() throws {
        let runner = try BinaryRunner()
        let bare = try runner.run(["replay", "--live", Self.transcript], lines: [])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("--live needs --endpoint URL: the server to send the requests to"), "\(bare.stderr)")
        let update = try runner.run(["replay", "--live", "--update", "--endpoint", "http://127.0.0.1:9/", Self.transcript], lines: [])
        #expect(update.status == 2)
        #expect(update.stderr.contains("--live can't be combined with --update"), "\(update.stderr)")
        let stray = try runner.run(["replay", "--endpoint", "http://127.0.0.1:9/", Self.transcript], lines: [])
        #expect(stray.status == 2)
        #expect(stray.stderr.contains("--endpoint, --header and --header-from go with --live"), "\(stray.stderr)")
    }

    /// Every live transcript, the demo server's and the stock apps' (Tests/LiveSessions/RealServers,
    /// replayed live by RealServerTests), also replays from its recorded answers: ids recorded as
    /// `"[..]"` reach the session as that text and the output's `id=[..]` matches it.
    @Test func withoutLiveTheTranscriptsReplayFromTheirRecordedAnswers() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["replay", "Tests/LiveSessions"], lines: [])
        #expect(r.status == 0, "\(r.stdout)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "PASS Tests/LiveSessions/RealServers/apiflask/receipt.session")
        #expect(lines.contains("PASS \(Self.transcript)"))
        #expect(lines.dropLast().count >= 25 && lines.dropLast().allSatisfy { $0.hasPrefix("PASS ") }, "\(r.stdout)")
        #expect(lines.last == "\(lines.count - 1) passed, 0 failed")
    }

    /// `GET /submissions` from the server process: what it accepted, oldest first.
    static func submissions(_ port: Int) throws -> String {
        let fetcher = try DocumentFetcher(url: "http://127.0.0.1:\(port)/submissions", timeout: .seconds(10))
        guard case .success(.fetched(let body, _)) = fetcher.fetch() else {
            throw DemoServerProcess.Failure(description: "GET /submissions failed")
        }
        return String(decoding: body, as: UTF8.self)
    }
}
