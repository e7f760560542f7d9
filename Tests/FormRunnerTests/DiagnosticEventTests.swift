import FormCore
import FormRunner
import Testing

/// Issue 32 item 4: what the driver hands the diagnostic log, as data (`DiagnosticEvent`): each
/// submission, a retry as such, each answer with the reader of its errors and where they land.
@Suite struct DiagnosticEventTests {
    static func intake() -> FormSpec {
        var name = Field(name: "patient_name", label: "Patient name")
        name.isPrivate = true
        let pin = Field(name: "pin", label: "PIN", type: .secret)
        return FormSpec(id: "intake", fields: [name, pin, Field(name: "ward", label: "Ward")],
                        submit: SubmitSpec(method: .POST, path: "/patients"))
    }

    func run(_ lines: [String], transport: any Transport) -> [DiagnosticEvent] {
        var events: [DiagnosticEvent] = []
        var edges = SessionDriver.Edges(source: ScriptLines(lines), transport: transport, write: { _ in })
        edges.diagnostics = { event in
            // Timings vary: the tests compare everything else.
            switch event {
            case .answered(let a, let s, _, let r, let p): events.append(.answered(attempt: a, status: s, milliseconds: 0, reading: r, placed: p))
            case .failed(let a, let r, _): events.append(.failed(attempt: a, reason: r, milliseconds: 0))
            default: events.append(event)
            }
        }
        _ = SessionDriver(wizard: Wizard(spec: Self.intake(), interactive: true), edges: edges).run()
        return events
    }

    @Test func aRetryAfterATransportFailureIsNamedAndWithheldValuesGoAlong() {
        let events = run(["Kari Nordmann", "4711-pin", "W1", "", ".retry"], transport: FlakyTransport(failures: 1))
        let withheld = ["patient_name": "Kari Nordmann", "pin": "4711-pin"]
        #expect(events == [
            .submitting(attempt: 1, method: "POST", path: "/patients", retry: false, withheld: withheld),
            .failed(attempt: 1, reason: "no answer from the server in time", milliseconds: 0),
            .submitting(attempt: 1, method: "POST", path: "/patients", retry: true, withheld: withheld),
            .answered(attempt: 1, status: 201, milliseconds: 0, reading: nil, placed: []),
            .finished(.accepted),
        ])
    }

    @Test func aRejectionSaysWhoReadItsErrorsAndWhereTheyLanded() {
        let body = #"{"ward":["Unknown ward"],"non_field_errors":["Kari Nordmann is registered"],"bed":["taken"]}"#
        let transport = AnswerQueue([
            .success(TransportResponse(status: 400, contentType: "application/json", body: Array(body.utf8))),
        ])
        let events = run(["Kari Nordmann", "4711-pin", "W1", "", ".cancel"], transport: transport)
        guard events.count > 1, case .answered(_, let status, _, let reading, let placed) = events[1] else {
            Issue.record("\(events)")
            return
        }
        #expect(status == 400)
        #expect(reading == "auto:drf")
        #expect(Set(placed.map { "\($0.path ?? "-") \($0.field ?? "-")" }) == ["ward ward", "- -", "bed -"])
    }
}
