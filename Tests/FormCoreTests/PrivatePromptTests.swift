import FormCore
import Testing

/// Issue 32 item 1 in the core: what a private or `history: false` field's prompt tells the line
/// source (no history key), and the submission's transcript payload (`[name]`) beside the sent
/// and shown ones (the value: `--output json` is unchanged).
@Suite struct PrivatePromptTests {
    static func form() -> FormSpec {
        var name = Field(name: "patient_name", label: "Patient name")
        name.isPrivate = true
        var reason = Field(name: "reason", label: "Reason")
        reason.keepsHistory = false
        return FormSpec(id: "intake", fields: [name, reason, Field(name: "ward", label: "Ward")])
    }

    func prompts(_ effects: [WizardEffect]) -> [Prompt] {
        effects.compactMap { if case .prompt(let p) = $0 { p } else { nil } }
    }

    @Test func privateAndHistorylessPromptsHaveNoHistoryKey() throws {
        var wizard = Wizard(spec: Self.form(), interactive: true)
        let first = try #require(prompts(wizard.handle(.start)).last)
        #expect(first.isPrivate && first.historyKey == nil && !first.secret)
        let second = try #require(prompts(wizard.handle(.line("Kari Nordmann"))).last)
        #expect(!second.isPrivate && !second.keepsHistory && second.historyKey == nil)
        let third = try #require(prompts(wizard.handle(.line("Back pain"))).last)
        #expect(third.historyKey == "ward")
        _ = wizard.handle(.line("W1"))
        let submit = wizard.handle(.line("")).compactMap { if case .submit(let s) = $0 { s } else { nil } }.first
        let sent = try #require(submit)
        #expect(sent.payload["patient_name"] == .string("Kari Nordmann"))
        #expect(sent.displayPayload["patient_name"] == .string("Kari Nordmann"))
        #expect(sent.transcriptPayload["patient_name"] == .string("[patient_name]"))
        #expect(sent.transcriptPayload["reason"] == .string("Back pain"))
        #expect(sent.privateValues == ["patient_name": "Kari Nordmann"])
    }
}
