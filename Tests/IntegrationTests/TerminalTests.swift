import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real `formline` binary at a real (pseudo-)terminal: editing, completion, history, secrets,
/// signals and serial-console input, the way an operator meets them.
@Suite(.serialized) final class TerminalTests {
    let home: String
    let signup = "Forms/signup.yaml"

    init() throws {
        home = try PseudoTerminal.temporaryDirectory()
    }

    deinit {
        PseudoTerminal.removeTree(home)
    }

    // MARK: - Helpers

    private func start(_ arguments: [String] = [], env: [String: String?] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal.spawn(
            PseudoTerminal.formline, ["fill", signup] + arguments,
            environment: PseudoTerminal.environment(home: home, env),
            directory: PseudoTerminal.repositoryRoot)
    }

    /// Answers the signup form from Email on, then submits.
    private func finishSignup(_ pty: PseudoTerminal, email: String = "adele@example.com", password: String = "Zebra-Secret-4711", country: String = "Denmark\r") throws {
        try pty.expect("Email: ")
        pty.send(email + "\r")
        try pty.expect("Password: ")
        pty.send(password + "\r")
        try pty.expect("Age")
        pty.send("34\r")
        try pty.expect("Country")
        pty.send(country)
        try pty.expect("Submit?")
        pty.send("\r")
        try pty.expect("accepted (201)")
    }

    private var draftPath: String { home + "/state/formline/drafts/signup.json" }
    private var historyPath: String { home + "/state/formline/history/signup.json" }

    // MARK: - Editing

    @Test func aRejectedLineComesBackPrefilledForEditing() throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("ad\r")
        try pty.expect("! At least 3 characters")
        // The re-ask shows the rejected text on the edit line; typing appends to it.
        try pty.expect("Username: ad")
        pty.send("ele\r")
        try finishSignup(pty)
        #expect(try pty.waitForExit() == .code(0))
        #expect(pty.text.contains("Username  adele"))
        #expect(pty.terminalIsSane)
    }

    /// Issue 22 item 1: on TERM=dumb readline scrolls one row sideways, so a long pre-filled value
    /// used to push "Username:" off screen. The prompt now gets its own line; the pre-fill stays.
    @Test(arguments: [[String: String?](), ["TERM": "xterm"]])
    func aLongPrefilledValueKeepsTheLabelVisible(_ env: [String: String?]) throws {
        // TERM=dumb (the default here), or --plain on a capable terminal.
        let pty = try start(env["TERM"] == nil ? [] : ["--plain"], env: env)
        let long = String(repeating: "abcdefghij", count: 15)  // 150 characters at 80 columns
        try pty.expect("Username: ")
        pty.send(long + "\r")
        try pty.expect("! At most 20 characters")
        // The label on a line of its own, then the edit line with the value pre-filled (readline
        // shows its tail after a `<`: the row scrolls, the label above it stays).
        try pty.expect("Username:\r\n")
        try pty.expect("abcdefghij")
        pty.settle()
        pty.send("\r")
        // Enter sent the pre-filled 150 characters again: rejected again, label shown again.
        try pty.expect("! At most 20 characters")
        try pty.expect("Username:\r\n")
        try pty.expect("abcdefghij")
        pty.settle()
        pty.send("\u{15}adele\r")
        try finishSignup(pty)
        #expect(try pty.waitForExit() == .code(0))
        #expect(pty.text.contains("Username  adele"))
        #expect(!pty.text.contains("\u{1B}"), "no escape sequences on a dumb terminal or with --plain")
    }

    @Test func ctrlUClearsThePrefilledText() throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("ad\r")
        try pty.expect("Username: ad")
        pty.send("\u{15}bob_smith\r")
        try finishSignup(pty)
        #expect(try pty.waitForExit() == .code(0))
        #expect(pty.text.contains("Username  bob_smith"))
    }

    @Test func tabCompletesAChoiceOnScreen() throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("adele\r")
        try pty.expect("Email: ")
        pty.send("adele@example.com\r")
        try pty.expect("Password: ")
        pty.send("Zebra-Secret-4711\r")
        try pty.expect("Age")
        pty.send("\r")
        try pty.expect("Country")
        pty.send("den\t")
        try pty.expect("Denmark")
        pty.send("\r")
        try pty.expect("Submit?")
        pty.send("\r")
        try pty.expect("accepted (201)")
        #expect(try pty.waitForExit() == .code(0))
        #expect(pty.text.contains("Country   Denmark"))
    }

    // MARK: - History

    @Test func upArrowRecallsThisFieldsAnswerFromAnEarlierRun() throws {
        let first = try start()
        try first.expect("Username: ")
        first.send("hist_user\r")
        try finishSignup(first, email: "hist@example.com")
        #expect(try first.waitForExit() == .code(0))

        let second = try start()
        try second.expect("Username: ")
        second.send("\u{1B}[A")
        try second.expect("hist_user")
        second.send("\r")
        try second.expect("Email: ")
        // Email's own history, not Username's.
        second.send("\u{1B}[A")
        try second.expect("hist@example.com")
        second.send("\r")
        try second.expect("Password: ")
        second.send("\u{4}")
        #expect(try second.waitForExit() == .code(4))

        var info = stat()
        #expect(stat(historyPath, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let history = String(decoding: PseudoTerminal.readFile(historyPath) ?? [], as: UTF8.self)
        #expect(history.contains("hist_user"))
        #expect(!history.contains("Zebra-Secret-4711"))
    }

    @Test func aRejectedAnswerIsNotKeptInHistory() throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("ad\r")
        try pty.expect("Username: ad")
        pty.send("\u{15}carol\r")
        try finishSignup(pty)
        #expect(try pty.waitForExit() == .code(0))
        let history = String(decoding: PseudoTerminal.readFile(historyPath) ?? [], as: UTF8.self)
        #expect(history.contains("\"carol\""))
        #expect(!history.contains("\"ad\""))
    }

    // MARK: - Secrets

    @Test func aSecretIsNeverShownOrStored() throws {
        let secret = "Tr0ub4dor-pty-secret"
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("dave_s\r")
        try pty.expect("Email: ")
        pty.send("dave@example.com\r")
        try pty.expect("Password: ")
        pty.send(secret + "\r")
        try pty.expect("Age")
        // Ctrl-Y must not paste anything secret (readline never saw it).
        pty.send("\u{19}40\r")
        try pty.expect("Country")
        pty.send(".cancel\r")
        let exit = try pty.waitForExit()
        #expect(exit == .code(1))
        #expect(!pty.text.contains(secret))
        for file in PseudoTerminal.filesBelow(home) {
            let bytes = String(decoding: PseudoTerminal.readFile(file) ?? [], as: UTF8.self)
            #expect(!bytes.contains(secret), "secret found in \(file)")
        }
        #expect(pty.terminalIsSane)
    }

    // MARK: - Endings

    @Test func ctrlCRestoresTheTerminalAndSavesADraft() throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("erin_c\r")
        try pty.expect("Email: ")
        pty.send("half")
        try pty.expect("half")  // the kernel drops unread input on Ctrl-C: wait for the echo
        pty.send("\u{3}")
        let exit = try pty.waitForExit()
        #expect(exit == .code(130) || exit == .signal(SIGINT), "\(exit)")
        #expect(pty.terminalIsSane)
        let draft = String(decoding: PseudoTerminal.readFile(draftPath) ?? [], as: UTF8.self)
        #expect(draft.contains("erin_c"))
    }

    @Test func ctrlCAtASecretRestoresEcho() throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("frank\r")
        try pty.expect("Email: ")
        pty.send("frank@example.com\r")
        try pty.expect("Password: ")
        pty.settle(0.2)
        pty.send("\u{3}")
        let exit = try pty.waitForExit()
        #expect(exit == .code(130) || exit == .signal(SIGINT), "\(exit)")
        #expect(pty.terminalIsSane)
    }

    @Test func sigtermWhileWaitingEnds143() throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("gina")
        try pty.expect("gina")
        pty.signal(SIGTERM)
        let exit = try pty.waitForExit()
        #expect(exit == .code(143) || exit == .signal(SIGTERM), "\(exit)")
        #expect(pty.terminalIsSane)
    }

    /// Issue 18 item 13: Ctrl-\ sends SIGQUIT, which used to kill formline with no draft and the
    /// terminal left raw with echo off (at a secret prompt).
    @Test(arguments: [false, true])
    func ctrlBackslashSavesTheDraftRestoresTheTerminalAndExits131(atSecret: Bool) throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("quinn\r")
        try pty.expect("Email: ")
        if atSecret {
            pty.send("quinn@example.com\r")
            try pty.expect("Password: ")
            pty.settle(0.2)
        } else {
            pty.send("half")
            try pty.expect("half")  // the kernel drops unread input on a signal key: wait for the echo
        }
        pty.send("\u{1C}")
        let exit = try pty.waitForExit()
        #expect(exit == .code(131), "\(exit)")
        #expect(pty.terminalIsSane)
        let draft = String(decoding: PseudoTerminal.readFile(draftPath) ?? [], as: UTF8.self)
        #expect(draft.contains("quinn"))
    }

    @Test(arguments: [false, true])
    func afterStopAndContinueTheModesComeBack(atSecret: Bool) throws {
        let pty = try start()
        try pty.expect("Username: ")
        if atSecret {
            pty.send("stop_me\r")
            try pty.expect("Email: ")
            pty.send("stop@example.com\r")
            try pty.expect("Password: ")
        }
        pty.signal(SIGSTOP)
        pty.settle(0.1)
        pty.restoreCookedModes()  // what the shell does while the job is stopped
        pty.signal(SIGCONT)
        pty.settle(0.2)
        let modes = pty.localModes() ?? 0
        #expect(modes & tcflag_t(ECHO) == 0, "echo is off again after fg")
        #expect(modes & tcflag_t(ICANON) == 0, "character at a time again after fg")
        let secret = "Cont1nued-Secret"
        pty.send(atSecret ? secret + "\r" : "zed_cont\r")
        try pty.expect(atSecret ? "Age" : "Email: ")
        #expect(!pty.text.contains(secret))
        pty.send("\u{3}")
        _ = try pty.waitForExit()
        #expect(pty.terminalIsSane)
    }

    @Test func ctrlDOnAnEmptyLineEnds4() throws {
        let pty = try start()
        try pty.expect("Username: ")
        pty.send("hal_9000\r")
        try pty.expect("Email: ")
        pty.send("\u{4}")
        #expect(try pty.waitForExit() == .code(4))
        #expect(pty.terminalIsSane)
        #expect(PseudoTerminal.readFile(draftPath) != nil)
    }

    // MARK: - Serial consoles

    @Test func crOnlyInputCompletesTheForm() throws {
        // A serial console sends CR for Enter; with -icrnl the kernel does not turn it into LF.
        let pty = try PseudoTerminal.spawn(
            "/bin/sh", ["-c", "stty -icrnl; exec \"$0\" fill Forms/signup.yaml", PseudoTerminal.formline],
            environment: PseudoTerminal.environment(home: home),
            directory: PseudoTerminal.repositoryRoot)
        try pty.expect("Username: ")
        pty.send("ivan_cr\r")
        try finishSignup(pty)
        #expect(try pty.waitForExit() == .code(0))
        #expect((pty.inputModes() ?? 0) & tcflag_t(ICRNL) == 0)
        #expect(pty.terminalIsSane)
    }

    @Test func crOnlyInputWorksForThePlainReaderToo() throws {
        // stdout a pipe: not interactive, so the plain reader reads the terminal.
        let pty = try PseudoTerminal.spawn(
            "/bin/sh", ["-c", "stty -icrnl; \"$0\" fill Forms/signup.yaml | cat", PseudoTerminal.formline],
            environment: PseudoTerminal.environment(home: home),
            directory: PseudoTerminal.repositoryRoot)
        try pty.expect("Username: ")
        pty.send("judy_cr\r")
        try finishSignup(pty)
        #expect(try pty.waitForExit() == .code(0))
        // The operator's -icrnl is theirs: it is back once formline is done.
        #expect((pty.inputModes() ?? 0) & tcflag_t(ICRNL) == 0)
        #expect(pty.terminalIsSane)
    }

    @Test func jsonModeEditsOnStderrAndKeepsStdoutForTheResult() throws {
        let out = home + "/result.json"
        let pty = try PseudoTerminal.spawn(
            "/bin/sh", ["-c", "exec \"$0\" fill Forms/signup.yaml --output json > \"$1\"", PseudoTerminal.formline, out],
            environment: PseudoTerminal.environment(home: home),
            directory: PseudoTerminal.repositoryRoot)
        try pty.expect("Username: ")
        pty.send("ad\r")
        // Interactive on stderr: the rejected text is pre-filled there.
        try pty.expect("Username: ad")
        pty.send("ele\r")
        try finishSignup(pty, country: "den\t\r")
        #expect(try pty.waitForExit() == .code(0))
        let result = String(decoding: PseudoTerminal.readFile(out) ?? [], as: UTF8.self)
        #expect(result == #"{"ending":"accepted","exit":0,"payload":{"age":34,"country":"Denmark","email":"adele@example.com","password":"[secret]","username":"adele"},"response":{"id":1},"status":201}"# + "\n")
    }

    @Test(arguments: [
        ["TERM": "dumb"],
        ["TERM": "xterm-256color", "PLAIN": "1"],
    ])
    func plainSessionsWriteNoEscapeSequences(_ settings: [String: String]) throws {
        let plain = settings["PLAIN"] != nil
        let pty = try start(plain ? ["--plain"] : [], env: ["TERM": settings["TERM"]])
        try pty.expect("Username: ")
        pty.send("ad\r")
        try pty.expect("Username: ad")
        pty.send("\u{15}kim_plain\r")
        try finishSignup(pty, country: "den\t\r")
        #expect(try pty.waitForExit() == .code(0))
        #expect(!pty.output.contains(0x1B), "escape in: \(pty.tail)")
    }

    @Test func colourOnlyOnACapableTerminalWithoutNoColor() throws {
        let coloured = try start(env: ["TERM": "xterm-256color"])
        try coloured.expect("Username: ")
        coloured.send("ad\r")
        try coloured.expect("At least 3 characters")
        try coloured.expect("Username: ad")
        coloured.send("\u{15}\u{4}")
        _ = try coloured.waitForExit()
        #expect(coloured.text.contains("\u{1B}[31m"))
        // Bracketed paste stays off.
        #expect(!coloured.text.contains("\u{1B}[?2004h"))

        let noColour = try start(env: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        try noColour.expect("Username: ")
        noColour.send("ad\r")
        try noColour.expect("At least 3 characters")
        try noColour.expect("Username: ad")
        noColour.send("\u{15}\u{4}")
        _ = try noColour.waitForExit()
        #expect(!noColour.text.contains("\u{1B}[31m"))
    }
}
