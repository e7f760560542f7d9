import FormFiles
import FormOpenAPI
import FormSystem
import FormSessions
import FormlineTesting
import Testing

/// Replays every checked-in transcript in Tests/Sessions against the real form files, the way a
/// package embedding formline would (FormlineTesting). `FORMLINE_SESSIONS=overwrite swift test`
/// rewrites their output lines instead of failing.
@Suite struct SessionFilesTests {
    /// Tests/Sessions, found from this file so the suite runs from any working directory.
    static let folder: String = {
        let parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        return parts.dropLast(2).joined(separator: "/") + "/Sessions"
    }()

    @Test func theFolderHoldsTheSessions() {
        let names = FormlineSessions.sessions(in: Self.folder).map { $0.split(separator: "/").last.map(String.init) ?? "" }
        #expect(names.contains("signup.session"))
        #expect(names.contains("incident-report.session"))
        // The sessions with lists and repeated groups (issue 11, item 7): each one by name, so a
        // lost file fails here rather than shrinking what replays.
        for name in ["goods-receipt.session", "goods-receipt-fix.session", "goods-receipt-json.session",
                     "goods-receipt-reject.session", "goods-receipt-answers.session", "vlan-trunk.session"] {
            #expect(names.contains(name), "\(name) is missing from Tests/Sessions")
        }
    }

    /// docs/sessions.md lists every transcript of Tests/Sessions by what it shows ("The
    /// transcripts in Tests/Sessions"): a row for each file there, a file for each row.
    @Test func docsListEveryTranscript() throws {
        let docs = String(decoding: try WholeFile.read(Self.folder + "/../../docs/sessions.md"), as: UTF8.self)
        let section = docs.components(separatedBy: "## The transcripts in Tests/Sessions").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        let listed = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { row in
            row.split(separator: "`").dropFirst().first.map(String.init)
        }
        let files = FormlineSessions.sessions(in: Self.folder).map { $0.split(separator: "/").last.map(String.init) ?? "" }
        #expect(listed.count == Set(listed).count, "a transcript is listed twice in docs/sessions.md")
        #expect(Set(files).subtracting(listed).sorted() == [], "in Tests/Sessions, not listed in docs/sessions.md")
        #expect(Set(listed).subtracting(files).sorted() == [], "listed in docs/sessions.md, not in Tests/Sessions")
        // Issue 29 item 6: a corpus of at least 40.
        #expect(files.count >= 40)
    }

    /// Transcripts of `fill --openapi` (`#! operation:`), which the embedders' API reports as
    /// ones for `formline replay`: replayed here with the same in-process Replayer, given what
    /// `formline replay` gives it (the form built from the document copy the transcript names).
    static let openAPISessions: [String] = FormlineSessions.sessions(in: folder).filter { path in
        let text = (try? WholeFile.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return text.contains("\n#! operation: ")
    }

    @Test(arguments: FormlineSessions.sessions(in: folder).filter { !openAPISessions.contains($0) })
    func sessionReplays(_ path: String) {
        FormlineSessions.assertReplays(path)
    }

    /// The async API replays the whole folder in parallel and answers in list order.
    @Test func replayAllAnswersInListOrder() async {
        let results = await FormlineSessions.replayAll([Self.folder, Self.folder + "/no-such.session"], jobs: 3, timeout: 60)
        #expect(results.map(\.path) == FormlineSessions.sessions(in: Self.folder) + [Self.folder + "/no-such.session"])
        for result in results where !Self.openAPISessions.contains(result.path) && !result.path.hasSuffix("no-such.session") {
            #expect(result.passed, "\(result.report)")
        }
        #expect(results.last?.passed == false)
    }

    @Test func theFolderHoldsTheOpenAPISessions() {
        #expect(Self.openAPISessions.map { $0.split(separator: "/").last.map(String.init) ?? "" } == ["device-openapi.session", "signup-openapi.session"])
    }

    @Test(arguments: openAPISessions)
    func openAPISessionReplays(_ path: String) {
        var replayer = Replayer(update: FormlineSessions.overwriteRequested)
        replayer.loadOpenAPIForm = { document, operation, name in
            let bytes: [UInt8]
            do { bytes = try WholeFile.read(document) } catch {
                return .failure(Replayer.FormLoadFailure(messages: ["\(document): cannot read: \(error)"]))
            }
            do {
                let form = try OpenAPIForms.formFile(from: bytes, documentName: name ?? document, operation: operation)
                return FormFileLoader.load(bytes: Array(form.yaml.utf8), path: document)
                    .mapError { Replayer.FormLoadFailure(messages: $0.errors.map(\.description)) }
            } catch {
                return .failure(Replayer.FormLoadFailure(messages: ["\(document): \(error)"]))
            }
        }
        let result = replayer.replay(file: path)
        #expect(result.passed, Comment(rawValue: result.report))
    }
}
