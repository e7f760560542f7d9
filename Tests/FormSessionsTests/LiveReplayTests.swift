import FormCore
import Foundation
import FormRunner
import FormSessions
import Synchronization
import Testing

/// Live replay (`formline replay --live`, issue 29 item 4) in-process: the transcript's requests
/// go to a stand-in server, whose answers the session gets and which must match the `<=` lines.
@Suite struct LiveReplayTests {
    /// A server that answers from a list and keeps the requests it got.
    final class StandInServer: Transport {
        private let state: Mutex<(answers: [Result<TransportResponse, TransportFailure>], requests: [TransportRequest])>

        init(_ answers: [Result<TransportResponse, TransportFailure>]) { state = Mutex((answers, [])) }

        var requests: [TransportRequest] { state.withLock { $0.requests } }

        func send(_ request: TransportRequest) async -> Result<TransportResponse, TransportFailure> {
            state.withLock { state in
                state.requests.append(request)
                return state.answers.isEmpty ? .failure(.refused) : state.answers.removeFirst()
            }
        }
    }

    static func json(_ status: Int, _ body: String) -> Result<TransportResponse, TransportFailure> {
        .success(TransportResponse(status: status, contentType: "application/json", body: Array(body.utf8)))
    }

    static let taken = #"{"username":[{"code":"unique","message":"This username is already taken."}]}"#

    /// The signup walk (a local error, "already taken", a new name), recorded against the fake.
    static let signup = ReplayerTests.signup

    private func replay(_ text: String, server: StandInServer) -> ReplayResult {
        var replayer = Replayer(loadForm: Fixtures.loadForm)
        replayer.liveServer = server
        return replayer.replay(text: text, path: "t.session")
    }

    /// The 1-based number of the first line starting with `prefix`.
    private func line(startingWith prefix: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }

    @Test func aServerThatAnswersAsRecordedPasses() {
        let server = StandInServer([Self.json(422, Self.taken), Self.json(201, #"{"id":1}"#)])
        let result = replay(Self.signup, server: server)
        #expect(result.passed, "\(result.report)")
        #expect(server.requests.map(\.path) == ["/api/signup", "/api/signup"])
        #expect(server.requests.map { $0.payload.value(atDottedPath: "username") } == [.string("admin"), .string("admin2")])
        // Random keys, as fill sends: a server that remembers keys must not see the same ones every run.
        #expect(server.requests.allSatisfy { !$0.idempotencyKey.hasPrefix("replay-") && $0.idempotencyKey.count == 36 })
    }

    @Test func keysInAnyOrderAndWildcardsInsideStringsMatch() {
        let recorded = Self.signup.replacingOccurrences(
            of: "<= 422 application/json " + Self.taken,
            with: #"<= 422 application/json {"username":[{"message":"This username is [..] taken.","code":"unique"}]}"#)
        #expect(recorded != Self.signup)
        let server = StandInServer([Self.json(422, #"{"username":[{"message":"This username is already taken.","code":"unique"}]}"#),
                                    Self.json(201, #"{"id":1}"#)])
        let result = replay(recorded, server: server)
        #expect(result.passed, "\(result.report)")
        #expect(result.diff == "")
    }

    @Test func anotherStatusFailsNamingTheLineWithADiff() {
        let server = StandInServer([Self.json(400, Self.taken), Self.json(201, #"{"id":1}"#)])
        let result = replay(Self.signup, server: server)
        let number = line(startingWith: "<= 422", in: Self.signup)
        #expect(result.problems.first == .liveResponseDiffers(line: number, difference: "the server answered 400, the transcript has 422", more: 0))
        #expect(result.reason.hasPrefix("line \(number): the server answered 400, the transcript has 422; output differs from the transcript at line \(number)"))
        #expect(result.diff.contains("""

            -<= 422 application/json \(Self.taken)
            -Submitting... rejected (422)
            +<= 400 application/json \(Self.taken)
            +Submitting... rejected (400)

            """), "\(result.diff)")
    }

    @Test func anotherBodyFailsAndAWildcardMatchesOnlyInsideStrings() {
        let server = StandInServer([Self.json(422, #"{"username":[{"code":"unique","message":"Taken."}]}"#), Self.json(201, #"{"id":2}"#)])
        let result = replay(Self.signup, server: server)
        let first = line(startingWith: "<= 422", in: Self.signup)
        #expect(result.problems.first == .liveResponseDiffers(line: first, difference: "the body differs from the transcript's", more: 1))
        #expect(result.reason.hasPrefix("line \(first): the body differs from the transcript's (and 1 more answers differ)"))
        #expect(result.diff.contains("\n+<= 201 application/json {\"id\":2}\n"), "\(result.diff)")
    }

    /// A recorded `"[..]"` alone stands for a value that changes per run, such as a server's id
    /// counter: it matches a number (or string, boolean, null), never an object or a missing key.
    @Test func aWildcardAloneMatchesAnyIdButNotAnotherShape() {
        let recorded = Self.signup
            .replacingOccurrences(of: "<= 201 application/json {\"id\":1}", with: "<= 201 application/json {\"id\":\"[..]\"}")
            .replacingOccurrences(of: "Submitting... accepted (201) id=1", with: "Submitting... accepted (201) id=[..]")
        #expect(recorded.contains(#"{"id":"[..]"}"#) && recorded.contains("id=[..]\n"))
        for id in ["17", "\"b7f3\"", "true"] {
            let server = StandInServer([Self.json(422, Self.taken), Self.json(201, #"{"id":"# + id + "}")])
            let result = replay(recorded, server: server)
            #expect(result.passed, "id \(id): \(result.report)")
        }
        // A null id matches too (the session then shows no id).
        let noID = recorded.replacingOccurrences(of: "accepted (201) id=[..]", with: "accepted (201)[..]")
        let nullServer = StandInServer([Self.json(422, Self.taken), Self.json(201, #"{"id":null}"#)])
        #expect(replay(noID, server: nullServer).passed)
        let second = line(startingWith: "<= 201", in: recorded)
        for body in [#"{"id":{"n":1}}"#, #"{"id":[1]}"#, "{}", #"{"id":1,"extra":2}"#] {
            let server = StandInServer([Self.json(422, Self.taken), Self.json(201, body)])
            let result = replay(recorded, server: server)
            #expect(result.problems.first == .liveResponseDiffers(line: second, difference: "the body differs from the transcript's", more: 0),
                    "\(body): \(result.report)")
        }
        // Inside a longer string `[..]` stays a string wildcard: `"id-[..]"` is no number.
        let prefixed = recorded.replacingOccurrences(of: #"{"id":"[..]"}"#, with: #"{"id":"id-[..]"}"#)
        let server = StandInServer([Self.json(422, Self.taken), Self.json(201, #"{"id":17}"#)])
        #expect(!replay(prefixed, server: server).passed)
    }

    @Test func aTransportFailureIsADifference() {
        let server = StandInServer([])
        let result = replay(Self.signup, server: server)
        let first = line(startingWith: "<= 422", in: Self.signup)
        // First, though a terminal's `Retry?` then found no input left: the answer is the cause.
        #expect(result.reason.hasPrefix("line \(first): the transport failed (!refused), the transcript has a 422 answer"), "\(result.reason)")
        #expect(result.diff.contains("\n+<= !refused\n"), "\(result.diff)")
    }

    @Test func aRequestTheTranscriptDidNotAnswerIsNotSent() {
        // The second answer removed: the session's second request has nothing recorded.
        let cut = Self.signup.replacingOccurrences(of: "<= 201 application/json {\"id\":1}\n", with: "")
        #expect(cut != Self.signup)
        let server = StandInServer([Self.json(422, Self.taken), Self.json(201, #"{"id":1}"#)])
        let result = replay(cut, server: server)
        #expect(server.requests.count == 1)
        #expect(result.problems.first == .requestWithNoResponse(method: "POST", path: "/api/signup"))
    }

    @Test func aLiveReplayNeverRewritesTheTranscript() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.session").path
        try Self.signup.write(toFile: path, atomically: true, encoding: .utf8)
        let server = StandInServer([Self.json(400, Self.taken), Self.json(201, #"{"id":1}"#)])
        var replayer = Replayer(update: true, loadForm: Fixtures.loadForm)
        replayer.liveServer = server
        let result = replayer.replay(file: path)
        #expect(!result.passed)
        #expect(!result.updated)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.signup)
        // What the server answered is in the .actual file, for a look.
        #expect(try String(contentsOfFile: path + ".actual", encoding: .utf8).contains("<= 400 application/json"))
    }
}
