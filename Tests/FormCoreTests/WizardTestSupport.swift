import FormCore
import Testing

/// The signup form of Forms/signup.yaml, built in code so wizard tests don't need the loader.
func signupSpec() throws -> FormSpec {
    FormSpec(
        id: "signup", title: "Create an account",
        fields: [
            Field(name: "username", label: "Username", minLength: 3, maxLength: 20,
                  pattern: try FieldPattern("^[A-Za-z0-9_]+$"), patternMessage: "Use letters, digits and _ only",
                  help: "The name you log in with."),
            Field(name: "email", label: "Email", type: .email),
            Field(name: "password", label: "Password", type: .secret, minLength: 8,
                  serverCodes: ["password_matches_username"]),
            Field(name: "age", label: "Age", type: .integer, required: false,
                  minNumber: DecimalText("13"), maxNumber: DecimalText("120")),
            Field(name: "country", label: "Country", type: .choice,
                  choices: ["Norway", "Sweden", "Denmark", "Finland", "Iceland"], defaultText: "Norway"),
        ],
        checks: [CrossFieldCheck(kind: .differ, first: "password", second: "username", field: "password",
                                 message: "Password can't be the same as username")],
        submit: SubmitSpec(method: .POST, path: "/api/signup"),
        fake: FakeSpec(reject: [.init(when: Condition(field: "username", test: .isIn(["admin", "root"])),
                                      field: "username", code: "unique", message: "This username is already taken.")]))
}

/// An incident form with a conditional field and a date check.
func incidentSpec() -> FormSpec {
    FormSpec(
        id: "incident", title: "Incident",
        fields: [
            Field(name: "title", label: "Title"),
            Field(name: "severity", label: "Severity", type: .choice, choices: ["low", "medium", "high", "critical"]),
            Field(name: "pager", label: "Page on-call", type: .boolean,
                  when: Condition(field: "severity", test: .equals("critical"))),
            Field(name: "description", label: "Description", type: .multiline, required: false),
            Field(name: "started", label: "Started", type: .date),
            Field(name: "detected", label: "Detected", type: .date),
        ],
        checks: [CrossFieldCheck(kind: .before, first: "started", second: "detected", field: "detected",
                                 message: "Detected must be after Started")])
}

/// Drives a wizard with operator lines and collects what it shows, the way the driver would.
struct WizardHarness {
    var wizard: Wizard
    var transcript: [String] = []
    var submissions: [Submission] = []
    var checks: [CheckRequest] = []
    var prompts: [Prompt] = []
    var finished: FormCore.ExitStatus?
    var drafts: [[String: JSONValue]] = []
    /// The reasons of the lines the wizard refused, in order (`WizardEffect.refused`).
    var refusals: [String] = []
    var draftDeleted = false
    /// Output waiting for the rest of its line ("Submitting..." until the outcome).
    var pending = ""

    init(_ spec: FormSpec, interactive: Bool = false) {
        wizard = Wizard(spec: spec, interactive: interactive)
        absorb(wizard.handle(.start))
    }

    init(wizard: Wizard) {
        self.wizard = wizard
        absorb(self.wizard.handle(.start))
    }

    var lastPrompt: String? { prompts.last?.text }

    mutating func type(_ lines: String...) {
        for line in lines { send(.line(line)) }
    }

    mutating func send(_ event: WizardEvent) {
        if case .line(let l) = event { transcript.append("> " + l) }
        absorb(wizard.handle(event))
    }

    mutating func absorb(_ effects: [WizardEffect]) {
        for effect in effects {
            switch effect {
            case .output(let line):
                if line.endsLine {
                    transcript += (pending + line.text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    pending = ""
                } else {
                    pending += line.text
                }
            case .prompt(let p):
                if !pending.isEmpty { transcript.append(pending); pending = "" }
                prompts.append(p)
                transcript.append(p.text.trimmedWhitespace)
            case .submit(let s): submissions.append(s)
            case .check(let c): checks.append(c)
            case .saveDraft(let v): drafts.append(v)
            case .deleteDraft: draftDeleted = true
            case .finish(let status): finished = status
            case .refused(let refusal): refusals.append(refusal.reason)
            }
        }
    }

    /// The transcript with any unfinished line at the end.
    var shown: [String] { pending.isEmpty ? transcript : transcript + [pending] }

    /// Answers the pending submission the way a server would.
    mutating func respond(_ result: SubmissionResult) { send(.submission(result)) }

    func contains(_ line: String) -> Bool { transcript.contains(line) }
}
