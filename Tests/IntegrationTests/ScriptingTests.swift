import Foundation
import Testing

/// Scripted entry through the real binary (issue 12): a pipe never shifts answers, input hygiene,
/// `--output json` at every ending.
@Suite("scripting formline", .serialized)
struct ScriptingTests {
    /// The issue's case: `12` is refused for Age, and `den`, meant for Country, must never be
    /// taken as the next Age.
    let shifted = ["bob_smith", "bob@example.com", "hunter2hunter2", "12", "den", ""]

    @Test("a refused line on a pipe stops at Age: exit 5, line number, field, reason, draft saved")
    func shiftedAnswersStopAtAge() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml"], lines: shifted)
        #expect(r.status == 5, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Age (optional, 13-120): 12\n  ! Must be between 13 and 120\nStopped at input line 4 (Age): Must be between 13 and 120."))
        #expect(!r.stdout.contains("Country"), "nothing after the refused line is read")
        #expect(!r.stdout.contains("Submitting"))
        let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
        #expect(draft.contains(#""username":"bob_smith""#))
        #expect(!draft.contains("age"))
        #expect(!draft.contains("hunter2"))
    }

    @Test("a pipe refused at the secret prompt stops at Password, and the value is never shown or kept")
    func refusedSecretStops() throws {
        let runner = try BinaryRunner()
        // "zq9x" is too short (min_length 8); the lines after it must not shift onto Password.
        let r = try runner.run(["fill", "Forms/signup.yaml"], lines: ["bob_smith", "bob@example.com", "zq9x", "42", "den", ""])
        #expect(r.status == 5, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Stopped at input line 3 (Password): At least 8 characters."), "\(r.stdout)")
        #expect(!r.stdout.contains("Age"), "nothing after the refused line is read")
        #expect(!r.stdout.contains("zq9x") && !r.stderr.contains("zq9x"))
        let draft = try String(contentsOfFile: runner.draftPath("signup"), encoding: .utf8)
        #expect(draft.contains(#""email":"bob@example.com""#))
        #expect(!draft.contains("zq9x") && !draft.contains("password"))
        let json = try runner.run(["fill", "Forms/signup.yaml", "--output", "json"], lines: ["bob_smith", "bob@example.com", "zq9x", "42"])
        #expect(json.stdout == #"{"ending":"refused","errors":[{"field":"password","line":3,"message":"At least 8 characters"}],"exit":5}"# + "\n")
        #expect(!json.stderr.contains("zq9x"))
    }

    @Test("--keep-asking keeps today's loop: den is then the next answer to Age")
    func keepAsking() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking"], lines: shifted + [".cancel"])
        #expect(r.stdout.contains("Age (optional, 13-120): den\n  ! "))
        #expect(r.status == 1)
    }

    @Test("a server rejection without a terminal prints every mapped error, then exits 5")
    func rejectionStops() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml"],
                               lines: ["admin", "admin@example.com", "hunter2hunter2", "", "", ""])
        #expect(r.status == 5, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Submitting... rejected (422)\n  1 Username  admin\n    ! This username is already taken.\nStopped: the server rejected the form"))
        #expect(!r.stdout.contains("Username [admin]:"))
    }

    @Test("--keep-asking and --stop-at-refusal can't go together")
    func exclusiveFlags() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--keep-asking", "--stop-at-refusal"], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--keep-asking can't be combined with --stop-at-refusal"))
    }

    @Test("a recorded pipe run that stopped replays the way it was recorded")
    func recordedStopReplays() throws {
        let runner = try BinaryRunner()
        let file = runner.home.appendingPathComponent("stop.session").path
        let r = try runner.run(["fill", "Forms/signup.yaml", "--record", file], lines: shifted)
        #expect(r.status == 5)
        let recorded = try String(contentsOfFile: file, encoding: .utf8)
        #expect(recorded.contains("#! args: --stop-at-refusal\n"))
        #expect(recorded.hasSuffix("#! exit 5\n"))
        let replay = try runner.run(["replay", file], lines: [])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    }

    @Test("a byte-order mark at the start of a pipe is dropped; CRLF is fine")
    func byteOrderMark() throws {
        let runner = try BinaryRunner()
        let text = "\u{FEFF}" + ["bob_smith", "bob@example.com", "hunter2hunter2", "42", "den", ""].map { $0 + "\r\n" }.joined()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--output", "json"], input: Array(text.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""username":"bob_smith""#))
    }

    private func jsonObject(_ r: BinaryRunner.Result) throws -> [String: Any] {
        #expect(r.stdout.filter { $0 == "\n" }.count == 1, "one document: \(r.stdout)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any])
    }

    @Test("--output json: a refused line is one document with the ending, exit 5 and the field error")
    func jsonRefused() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--output", "json"], lines: shifted)
        #expect(r.status == 5)
        #expect(r.stdout == #"{"ending":"refused","errors":[{"field":"age","line":4,"message":"Must be between 13 and 120"}],"exit":5}"# + "\n")
        #expect(r.stderr.contains("Stopped at input line 4 (Age)"))
    }

    @Test("--output json: a server rejection lists every mapped error and the HTTP status")
    func jsonRejected() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["fill", "Forms/signup.yaml", "--output", "json"],
                               lines: ["admin", "admin@example.com", "hunter2hunter2", "", "", ""])
        #expect(r.status == 5)
        let object = try jsonObject(r)
        #expect(object["ending"] as? String == "rejected")
        #expect(object["exit"] as? Int == 5)
        #expect(object["status"] as? Int == 422)
        let errors = object["errors"] as? [[String: Any]]
        #expect(errors?.count == 1)
        #expect(errors?.first?["field"] as? String == "username")
        #expect(errors?.first?["message"] as? String == "This username is already taken.")
    }

    @Test("--output json: cancel and end of input are documents too")
    func jsonOtherEndings() throws {
        let runner = try BinaryRunner()
        let cancelled = try runner.run(["fill", "Forms/signup.yaml", "--output", "json"], lines: ["bob", ".cancel"])
        #expect(cancelled.status == 1)
        #expect(cancelled.stdout == #"{"ending":"cancelled","errors":[],"exit":1}"# + "\n")
        let ended = try runner.run(["fill", "Forms/signup.yaml", "--output", "json"], lines: ["bob"])
        #expect(ended.status == 4)
        #expect(ended.stdout == #"{"ending":"end-of-input","errors":[],"exit":4}"# + "\n")
    }
}
