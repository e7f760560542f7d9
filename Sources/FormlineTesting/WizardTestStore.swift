#if canImport(Testing)
import FormCore
import Testing

/// Drives a `Wizard` event by event and asserts every effect it returns, the way TCA's
/// `TestStore` asserts every action and NIO's `EmbeddedChannel` hands back every write: a test
/// that forgets an effect (an extra error line, a draft saved, a `finish`) fails instead of
/// passing on a `suffix(2)` of the transcript.
///
/// ```swift
/// var store = WizardTestStore(Wizard(spec: form, interactive: false))
/// store.send(.start, .output("Signup  (2 fields; ? for help)"), .prompt("Username: "))
/// store.type("ad", .refused("At least 3 characters"), .error("  ! At least 3 characters"), .prompt("Username: "))
/// store.skipEffects(typing: "bob", "bob@example.com")   // the explicit opt-out for steps not under test
/// ```
///
/// Exhaustive by default: the effects of each `send` must be exactly the expected ones, in order.
/// `.nonExhaustive` (on the store, or `exhaustivity:` on one call) checks that the expected effects
/// appear in that order among the actual ones and lets the others pass. A mismatch records one
/// `Issue` at the call, listing the expected and the actual effects.
public struct WizardTestStore {
    /// How strictly a `send` compares the effects it got with those it expected.
    public enum Exhaustivity: Sendable, Equatable {
        /// Every effect is expected, in order, and nothing else.
        case exhaustive
        /// The expected effects appear in this order; others may come between them.
        case nonExhaustive
    }

    /// The wizard under test; read its state (`values`, `phase`...) between steps.
    public private(set) var wizard: Wizard
    /// The default of every `send`; `.exhaustive` unless the test opts out.
    public var exhaustivity: Exhaustivity
    /// The effects of the last step, asserted or not.
    public private(set) var lastEffects: [WizardEffect] = []

    public init(_ wizard: Wizard, exhaustivity: Exhaustivity = .exhaustive) {
        self.wizard = wizard
        self.exhaustivity = exhaustivity
    }

    /// Sends `event` and asserts its effects against `expected`.
    @discardableResult
    public mutating func send(
        _ event: WizardEvent, _ expected: ExpectedEffect..., exhaustivity: Exhaustivity? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [WizardEffect] {
        step(event, "send(\(Self.describe(event)))", expected, exhaustivity, sourceLocation)
    }

    /// `send` with the expected effects as an array (a review listing kept in a constant).
    @discardableResult
    public mutating func send(
        _ event: WizardEvent, expecting expected: [ExpectedEffect], exhaustivity: Exhaustivity? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [WizardEffect] {
        step(event, "send(\(Self.describe(event)))", expected, exhaustivity, sourceLocation)
    }

    /// `send(.line(line), ...)`: the operator types one line.
    @discardableResult
    public mutating func type(
        _ line: String, _ expected: ExpectedEffect..., exhaustivity: Exhaustivity? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [WizardEffect] {
        step(.line(line), "type(\(Self.quoted(line)))", expected, exhaustivity, sourceLocation)
    }

    /// `type` with the expected effects as an array.
    @discardableResult
    public mutating func type(
        _ line: String, expecting expected: [ExpectedEffect], exhaustivity: Exhaustivity? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [WizardEffect] {
        step(.line(line), "type(\(Self.quoted(line)))", expected, exhaustivity, sourceLocation)
    }

    private mutating func step(
        _ event: WizardEvent, _ call: String, _ expected: [ExpectedEffect], _ exhaustivity: Exhaustivity?,
        _ sourceLocation: SourceLocation
    ) -> [WizardEffect] {
        let effects = wizard.handle(event)
        lastEffects = effects
        if let failure = Self.mismatch(expected, effects, exhaustivity ?? self.exhaustivity) {
            Issue.record(Comment(rawValue: Self.failureMessage(call, failure, expected, effects)), sourceLocation: sourceLocation)
        }
        return effects
    }

    /// The words of a failed step: the call, why, then both lists one effect a line.
    static func failureMessage(_ call: String, _ failure: String, _ expected: [ExpectedEffect], _ actual: [WizardEffect]) -> String {
        "\(call): \(failure)\n" + listing("expected", expected.map(\.label)) + "\n" + listing("actual", actual.map(describe))
    }

    /// The explicit opt-out: types lines whose effects this test does not assert (steps that only
    /// lead to the one under test). Returns all their effects.
    @discardableResult
    public mutating func skipEffects(typing lines: String...) -> [WizardEffect] {
        var all: [WizardEffect] = []
        for line in lines { all += wizard.handle(.line(line)) }
        lastEffects = all
        return all
    }

    /// The explicit opt-out for one event.
    @discardableResult
    public mutating func skipEffects(of event: WizardEvent) -> [WizardEffect] {
        lastEffects = wizard.handle(event)
        return lastEffects
    }

    /// Why `actual` does not meet `expected`, or nil when it does.
    static func mismatch(_ expected: [ExpectedEffect], _ actual: [WizardEffect], _ mode: Exhaustivity) -> String? {
        switch mode {
        case .exhaustive:
            for (index, effect) in actual.enumerated() {
                guard index < expected.count else {
                    return "\(actual.count - expected.count) effect(s) not asserted, the first: \(describe(effect))"
                }
                if !expected[index].matches(effect) {
                    return "effect \(index + 1) is \(describe(effect)), expected \(expected[index].label)"
                }
            }
            if expected.count > actual.count {
                return "expected \(expected[actual.count].label) after the last effect"
            }
            return nil
        case .nonExhaustive:
            var remaining = actual[...]
            for wanted in expected {
                guard let found = remaining.firstIndex(where: wanted.matches) else {
                    return "no effect matches \(wanted.label) (in order)"
                }
                remaining = remaining[(found + 1)...]
            }
            return nil
        }
    }

    static func listing(_ title: String, _ lines: [String]) -> String {
        "  \(title):" + (lines.isEmpty ? " (none)" : lines.map { "\n    " + $0 }.joined())
    }

    /// `text` as a Swift string literal would write it (`\n`, `\"`), other control characters
    /// made visible: a failure's actual effect can be pasted into the test.
    static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"" + TextCleaning.visible(escaped) + "\""
    }

    static func describe(_ event: WizardEvent) -> String {
        switch event {
        case .start: return ".start"
        case .line(let text): return ".line(\(quoted(text)))"
        case .unreadable(let reason): return ".unreadable(\(quoted(reason)))"
        case .endOfInput: return ".endOfInput"
        case .interrupted(let signal): return ".interrupted(signal: \(signal))"
        case .submission(let result): return ".submission(\(String(describing: result)))"
        case .checked(let outcome): return ".checked(\(String(describing: outcome)))"
        }
    }

    /// One effect in the words of `ExpectedEffect`, so a failure reads like the line to write.
    static func describe(_ effect: WizardEffect) -> String {
        switch effect {
        case .output(let line):
            let kind = line.style == .error ? "error" : "output"
            return ".\(kind)(\(quoted(line.text)))" + (line.endsLine ? "" : " (line continues)")
                + (line.style == .error || line.style == .plain ? "" : " [style \(line.style)]")
        case .prompt(let prompt):
            var text = ".prompt(\(quoted(prompt.text)))"
            if let prefill = prompt.prefill { text += " [prefill \(quoted(prefill))]" }
            if prompt.secret { text += " [secret]" }
            return text
        case .submit(let submission):
            return ".submit(\(quoted(submission.method + " " + submission.path)), payload: \(quoted(submission.payload.compactText)))"
        case .saveDraft(let values):
            return ".saveDraft(\(quoted(JSONValue.object(values).compactText)))"
        case .deleteDraft: return ".deleteDraft"
        case .finish(let status): return ".finish(.\(status))"
        case .refused(let refusal): return ".refused(\(quoted(refusal.reason)))"
        case .check(let request):
            return ".check(\(quoted(request.method + " " + request.path)), payload: \(quoted(request.payload.compactText)))"
        }
    }
}

/// One effect a `WizardTestStore` step expects: what it matches and how a failure names it.
public struct ExpectedEffect: Sendable {
    /// How the failure message shows this expectation.
    public let label: String
    let matches: @Sendable (WizardEffect) -> Bool

    /// An expectation of your own: `label` is shown when it fails.
    public init(_ label: String, matching: @escaping @Sendable (WizardEffect) -> Bool) {
        self.label = label
        self.matches = matching
    }

    /// Exactly this effect (every field of it).
    public static func effect(_ effect: WizardEffect) -> ExpectedEffect {
        ExpectedEffect(WizardTestStore.describe(effect) + " (exactly)") { $0 == effect }
    }

    /// An output line that is not an error, with this text (the whole of it; may hold `\n`).
    public static func output(_ text: String) -> ExpectedEffect {
        ExpectedEffect(".output(\(WizardTestStore.quoted(text)))") {
            guard case .output(let line) = $0 else { return false }
            return line.style != .error && line.text == text
        }
    }

    /// An error line with this text, as shown (`"  ! Required"`).
    public static func error(_ text: String) -> ExpectedEffect {
        ExpectedEffect(".error(\(WizardTestStore.quoted(text)))") {
            guard case .output(let line) = $0 else { return false }
            return line.style == .error && line.text == text
        }
    }

    /// A prompt with this text (`"Username: "`); `prefill` and `secret` are checked when given.
    public static func prompt(_ text: String, prefill: String?? = nil, secret: Bool? = nil) -> ExpectedEffect {
        var label = ".prompt(\(WizardTestStore.quoted(text)))"
        if let prefill { label += " [prefill \(prefill.map(WizardTestStore.quoted) ?? "none")]" }
        if secret == true { label += " [secret]" }
        return ExpectedEffect(label) {
            guard case .prompt(let prompt) = $0, prompt.text == text else { return false }
            if let prefill, prompt.prefill != prefill { return false }
            if let secret, prompt.secret != secret { return false }
            return true
        }
    }

    /// A refusal with this reason (the error's text, unwrapped).
    public static func refused(_ reason: String) -> ExpectedEffect {
        ExpectedEffect(".refused(\(WizardTestStore.quoted(reason)))") {
            guard case .refused(let refusal) = $0 else { return false }
            return refusal.reason == reason
        }
    }

    /// A submission; `payload`, when given, is its payload's compact JSON text.
    public static func submit(_ method: String, _ path: String, payload: String? = nil) -> ExpectedEffect {
        var label = ".submit(\(WizardTestStore.quoted(method + " " + path))"
        if let payload { label += ", payload: \(WizardTestStore.quoted(payload))" }
        return ExpectedEffect(label + ")") {
            guard case .submit(let submission) = $0, submission.method == method, submission.path == path else { return false }
            return payload.map { submission.payload.compactText == $0 } ?? true
        }
    }

    /// A server check (docs/checks.md); `payload`, when given, is its body's compact JSON text.
    public static func check(_ method: String, _ path: String, payload: String? = nil) -> ExpectedEffect {
        var label = ".check(\(WizardTestStore.quoted(method + " " + path))"
        if let payload { label += ", payload: \(WizardTestStore.quoted(payload))" }
        return ExpectedEffect(label + ")") {
            guard case .check(let request) = $0, request.method == method, request.path == path else { return false }
            return payload.map { request.payload.compactText == $0 } ?? true
        }
    }

    /// A draft saved; `values`, when given, is the draft's compact JSON text.
    public static func saveDraft(_ values: String? = nil) -> ExpectedEffect {
        ExpectedEffect(".saveDraft(\(values.map(WizardTestStore.quoted) ?? ""))") {
            guard case .saveDraft(let saved) = $0 else { return false }
            return values.map { JSONValue.object(saved).compactText == $0 } ?? true
        }
    }

    /// The draft deleted.
    public static let deleteDraft = ExpectedEffect(".deleteDraft") { $0 == .deleteDraft }

    /// The session finished with this status.
    public static func finish(_ status: FormCore.ExitStatus) -> ExpectedEffect {
        ExpectedEffect(".finish(.\(status))") { $0 == .finish(status) }
    }
}
#endif
