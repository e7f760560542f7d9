import FormCore
import FormDrafts
import FormRunner
import Foundation
import Testing

/// Issue 33 item 6: a timed-out request was sent again under a new Idempotency-Key by the run
/// that resumed its draft, and the server stored the record twice. The draft keeps the key of the
/// attempt the server never answered; a resumed run reuses it for the same attempt only.
@Suite("resumed attempt keys")
struct ResumedAttemptKeyTests {
    private func book(resumed: AttemptKeyBook.Entry? = nil) -> AttemptKeyBook {
        AttemptKeyBook(resumed: resumed) { ContentHash.sha256($0) }
    }

    /// Runs signup (username, age) with `lines`, non-interactive; returns the keys sent.
    private func run(_ lines: [String], transport: FlakyTransport, book: AttemptKeyBook, resuming: [String: JSONValue]? = nil,
                     prefix: String) -> [String] {
        var counter = 0
        let wizard = resuming.map { Wizard(spec: signup(), interactive: false, resuming: $0, formChanged: false) }
            ?? Wizard(spec: signup(), interactive: false)
        let driver = SessionDriver(
            wizard: wizard,
            edges: SessionDriver.Edges(
                source: ScriptLines(lines, interactive: false), transport: transport, write: { _ in },
                drafts: SessionDriver.DraftHandling(save: { _ in }, delete: {}),
                idempotencyKey: { _ in counter += 1; return "\(prefix)-\(counter)" },
                attemptKeys: book))
        _ = driver.run()
        return transport.keys
    }

    @Test("a timed-out attempt's key is kept for the draft and reused by the resumed run for the same values")
    func aTimedOutRequestIsNotResentWithANewIdempotencyKeyOnResume() throws {
        let first = book()
        let keys = run(["bob", "40", ""], transport: FlakyTransport(failures: 5), book: first, prefix: "first")
        #expect(keys == ["first-1"])
        let kept = try #require(first.entryForDraft)
        #expect(kept.key == "first-1")
        #expect(kept.fingerprint.count == 64)

        let again = FlakyTransport(failures: 0)
        let resumed = book(resumed: kept)
        let sent = run([""], transport: again, book: resumed,
                       resuming: ["username": .string("bob"), "age": .number("40")], prefix: "second")
        #expect(sent == ["first-1"])
        // Answered: the key is spent, a draft saved now keeps none.
        #expect(resumed.entryForDraft == nil)
    }

    @Test("a resumed run whose values changed sends a new key")
    func aChangedPayloadGetsANewKey() throws {
        let first = book()
        _ = run(["bob", "40", ""], transport: FlakyTransport(failures: 5), book: first, prefix: "first")
        let kept = try #require(first.entryForDraft)
        let sent = run([""], transport: FlakyTransport(failures: 0), book: book(resumed: kept),
                       resuming: ["username": .string("bob"), "age": .number("41")], prefix: "second")
        #expect(sent == ["second-1"])
    }

    @Test("only the resumed run's first request may take the kept key; a next record never does")
    func theKeptKeyIsTakenOnce() throws {
        let kept = AttemptKeyBook.Entry(key: "kept", fingerprint: String(repeating: "0", count: 64))
        let resumed = book(resumed: kept)
        #expect(resumed.entryForDraft == kept, "a resumed run that ends before sending keeps it for its draft")
        resumed.forgetForNextRecord()
        #expect(resumed.entryForDraft == nil)
    }

    @Test("the draft file keeps last_attempt; a malformed one is ignored, older drafts read as before")
    func theDraftFileKeepsTheKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formline-keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = DraftStore(path: folder + "/signup.json", createsFolders: false)
        let sha = String(repeating: "ab", count: 32)
        try store.save(Draft(formID: "signup", formSHA256: "f", savedAt: "t", values: ["username": .string("bob")],
                             lastAttempt: ("0b5e-key", sha)))
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains(#""last_attempt":{"idempotency_key":"0b5e-key","sha256":"\#(sha)"}"#), "\(text)")
        let loaded = try store.load()
        #expect(loaded.lastAttempt?.key == "0b5e-key" && loaded.lastAttempt?.sha256 == sha)

        for bad in [#"{"idempotency_key":"a\r\nX-Evil: 1","sha256":"\#(sha)"}"#, #"{"idempotency_key":"k","sha256":"short"}"#, #""text""#] {
            try Data(#"{"version":1,"form":"signup","form_sha256":"f","saved_at":"t","values":{},"last_attempt":\#(bad)}"#.utf8)
                .write(to: URL(fileURLWithPath: store.path))
            #expect(try store.load().lastAttempt == nil, "\(bad)")
        }
        try Data(#"{"version":1,"form":"signup","form_sha256":"f","saved_at":"t","values":{}}"#.utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(try store.load().lastAttempt == nil)
    }
}

/// Issue 33 item 13: `signup+002.json` was taken as draft 2 (Int reads `002` and `+2` as 2).
@Suite("draft names")
struct StrictDraftNameTests {
    @Test("signup+002.json is not draft 2; only the names formline writes are drafts")
    func draftNamesAreParsedStrictly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formline-shelf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["signup.json", "signup+2.json", "signup+002.json", "signup++3.json", "signup+04.json", "signup+1000.json"] {
            try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let shelf = DraftShelf(folder: folder)
        #expect(shelf.drafts(of: "signup").map(\.number) == [1, 2])
        #expect(shelf.drafts(of: "signup").map { ($0.path as NSString).lastPathComponent } == ["signup.json", "signup+2.json"])
        #expect(shelf.all().map(\.formID) == ["signup", "signup"])
    }
}
