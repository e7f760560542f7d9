import FormCore
import FormlineTesting
import Testing

/// The harness of FormlineTesting itself: a step passes only when its effects are those expected,
/// and a failure names both lists.
@Suite("WizardTestStore: every effect asserted")
struct WizardTestStoreTests {
    func store(_ exhaustivity: WizardTestStore.Exhaustivity = .exhaustive) throws -> WizardTestStore {
        WizardTestStore(Wizard(spec: try signupSpec(), interactive: false), exhaustivity: exhaustivity)
    }

    @Test("a step whose every effect is expected passes and keeps its effects")
    func exhaustivePasses() throws {
        var store = try store()
        let effects = store.send(.start, .output("Create an account  (5 fields; ? for help)"), .prompt("Username: "))
        #expect(effects.count == 2)
        #expect(store.lastEffects == effects)
    }

    @Test("an effect left unasserted fails the step, naming it")
    func missingAssertionFails() throws {
        var store = try store()
        withKnownIssue {
            store.send(.start, .output("Create an account  (5 fields; ? for help)"))
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                send(.start): 1 effect(s) not asserted, the first: .prompt("Username: ")
                  expected:
                    .output("Create an account  (5 fields; ? for help)")
                  actual:
                    .output("Create an account  (5 fields; ? for help)") [style title]
                    .prompt("Username: ")
                """,
            ]
        }
    }

    @Test("a wrong effect fails with both lists; one expected too many fails too")
    func wrongEffectFails() throws {
        var store = try store()
        store.send(.start, .output("Create an account  (5 fields; ? for help)"), .prompt("Username: "))
        withKnownIssue {
            store.type("ad", .error("  ! At least 3 characters"), .prompt("Username: "))
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                type("ad"): effect 1 is .refused("At least 3 characters"), expected .error("  ! At least 3 characters")
                  expected:
                    .error("  ! At least 3 characters")
                    .prompt("Username: ")
                  actual:
                    .refused("At least 3 characters")
                    .error("  ! At least 3 characters")
                    .prompt("Username: ")
                """,
            ]
        }
        withKnownIssue {
            store.type("admin", .prompt("Email: "), .deleteDraft)
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("type(\"admin\"): expected .deleteDraft after the last effect\n") == true
        }
    }

    @Test("a failure writes texts as Swift literals: a wrapped error line shows its \\n")
    func failureQuotesLiterals() throws {
        var store = try store()
        store.skipEffects(of: .start)
        withKnownIssue {
            store.type(".skip now", .refused(".skip takes nothing after it. To enter a value starting with '.', type '..skip now'"))
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix(
                #"type(".skip now"): 2 effect(s) not asserted, the first: .error("  ! .skip takes nothing after it. To enter a value starting with '.', type\n    '..skip now'")"#
            ) == true
        }
    }

    @Test("non-exhaustive: the expected effects in order pass, others between them are let through")
    func nonExhaustive() throws {
        var store = try store(.nonExhaustive)
        store.send(.start, .prompt("Username: "))
        store.type("ad", .refused("At least 3 characters"), .prompt("Username: "))
        withKnownIssue {
            store.type("x", .prompt("Username: "), .refused("At least 3 characters"))
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix(#"type("x"): no effect matches .refused("At least 3 characters") (in order)"#) == true
        }
        // One step back to exhaustive:
        withKnownIssue {
            store.type("ab", .prompt("Username: "), exhaustivity: .exhaustive)
        }
    }

    @Test("skipEffects asserts nothing and hands the effects back")
    func skipEffects() throws {
        var store = try store()
        store.skipEffects(of: .start)
        let effects = store.skipEffects(typing: "ad", "admin")
        guard case .prompt(let prompt) = try #require(effects.last) else {
            Issue.record("the last effect is not a prompt")
            return
        }
        #expect(prompt.text == "Email: ")
        #expect(store.wizard.values["username"] == .text("admin"))
    }

    @Test("prompt expectations check prefill and secret only when given")
    func promptDetails() throws {
        var store = WizardTestStore(Wizard(spec: try signupSpec(), interactive: true))
        store.skipEffects(of: .start)
        store.type("ad", .refused("At least 3 characters"), .error("  ! At least 3 characters"), .prompt("Username: ", prefill: "ad"))
        withKnownIssue {
            store.type("ab", .refused("At least 3 characters"), .error("  ! At least 3 characters"), .prompt("Username: ", prefill: .some(nil)))
        }
    }
}
