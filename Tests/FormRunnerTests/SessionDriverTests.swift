import FormCore
import FormRunner
import Synchronization
import Testing

/// Lines typed by a script; records the prompts it was shown.
final class ScriptLines: LineSource {
    var lines: [String]
    var prompts: [Prompt] = []
    let isInteractive: Bool

    init(_ lines: [String], interactive: Bool = true) {
        self.lines = lines
        self.isInteractive = interactive
    }

    func read(_ request: Prompt) -> LineResult {
        prompts.append(request)
        return lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
    }
}

/// Fails the first `failures` sends, then accepts; remembers every Idempotency-Key it saw.
final class FlakyTransport: Transport {
    private let state: Mutex<(failures: Int, keys: [String])>

    init(failures: Int) { state = Mutex((failures, [])) }

    var keys: [String] { state.withLock { $0.keys } }

    func send(_ request: TransportRequest) -> Result<TransportResponse, TransportFailure> {
        state.withLock { s in
            s.keys.append(request.idempotencyKey)
            if s.failures > 0 {
                s.failures -= 1
                return .failure(.timeout)
            }
            return .success(TransportResponse(status: 201, contentType: "application/json", body: Array(#"{"id":7}"#.utf8)))
        }
    }
}

func signup() -> FormSpec {
    FormSpec(id: "signup", title: "Create an account", fields: [
        Field(name: "username", label: "Username", minLength: 3),
        Field(name: "age", label: "Age", type: .integer, required: false),
    ], submit: SubmitSpec(method: .POST, path: "/api/signup"))
}

@Suite("SessionDriver")
struct SessionDriverTests {
    func run(_ lines: [String], transport: FlakyTransport, interactive: Bool = true) -> (FormCore.ExitStatus, String, [[String: JSONValue]]) {
        var written = ""
        var drafts: [[String: JSONValue]] = []
        var counter = 0
        let driver = SessionDriver(
            wizard: Wizard(spec: signup(), interactive: interactive),
            edges: SessionDriver.Edges(
                source: ScriptLines(lines, interactive: interactive), transport: transport,
                write: { written += $0 },
                drafts: SessionDriver.DraftHandling(save: { drafts.append($0) }, delete: {}),
                idempotencyKey: { _ in counter += 1; return "key-\(counter)" }))
        return (driver.run(), written, drafts)
    }

    @Test(".retry after a transport failure sends the same attempt with the same Idempotency-Key")
    func retryKeepsKey() {
        let transport = FlakyTransport(failures: 1)
        let (status, written, _) = run(["bob", "", "", ".retry"], transport: transport)
        #expect(status == .accepted)
        #expect(transport.keys == ["key-1", "key-1"])
        #expect(written.contains("Submitting... failed\n  ! no answer from the server in time\n"))
        #expect(written.hasSuffix("Submitting... accepted (201) id=7\n"))
    }

    @Test("an edit after a failure makes a new attempt with a new key")
    func editMakesNewKey() {
        let transport = FlakyTransport(failures: 1)
        let (status, _, _) = run(["bob", "", "", "2", "40", ""], transport: transport)
        #expect(status == .accepted)
        #expect(transport.keys == ["key-1", "key-2"])
    }

    @Test("without a terminal a transport failure saves the draft and exits 3")
    func failureWithoutTerminal() {
        let transport = FlakyTransport(failures: 5)
        let (status, _, drafts) = run(["bob", "", ""], transport: transport, interactive: false)
        #expect(status == .transportFailed)
        // Age was answered empty: the draft keeps that answer, so --resume does not ask it again.
        #expect(drafts == [["username": .string("bob"), "age": .null]])
        #expect(transport.keys.count == 1)
    }
}
