import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `fill --answers` at a (pseudo-)terminal: only what is missing or refused is asked, with the
/// refusal inline, then the review.
@Suite(.serialized) final class AnswersTerminalTests {
    let home: String

    init() throws { home = try PseudoTerminal.temporaryDirectory() }
    deinit { PseudoTerminal.removeTree(home) }

    @Test func onlyMissingAndRefusedFieldsAreAsked() throws {
        // 5 fields: username and country answered well, age refused, email and password missing:
        // three prompts (email, password, age), then the review.
        let answers = home + "/a.yaml"
        try Data("username: bob_smith\nage: 12\ncountry: den\n".utf8).write(to: URL(fileURLWithPath: answers))
        let pty = try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", "Forms/signup.yaml", "--answers", answers],
            environment: PseudoTerminal.environment(home: home), directory: PseudoTerminal.repositoryRoot)
        try pty.expect("3 answers given (1 refused); asking the 3 still missing or refused.")
        try pty.expect("Email: ")
        pty.send("bob@example.com\r")
        try pty.expect("Password: ")
        pty.send("hunter2hunter2\r")
        try pty.expect("The answer from \(answers):2 ('12') was refused: Must")
        try pty.expect("be between 13 and 120")
        // The refused answer is on the edit line, ready to be corrected.
        try pty.expect("Age (optional, 13-120): 12")
        pty.send("\u{15}42\r")
        try pty.expect("Submit?")
        pty.send("\r")
        try pty.expect("accepted (201)")
        #expect(try pty.waitForExit() == .code(0))
        #expect(!pty.text.contains("Username:"), "an answered field is not asked")
        #expect(!pty.text.contains("Country ["), "an answered field is not asked")
        #expect(pty.text.contains("5 Country   Denmark"))
    }
}
