import ArgumentParser
import FormCore
import FormFiles
import FormSystem

/// `formline explain FORM CAPTURE`: what formline would make of one captured server answer for
/// this form, without a server or an operator: which dialect claimed the body and where each
/// error lands.
///
/// ```
/// $ formline explain Tests/RealServers/signup.yaml Tests/RealServers/ninja/fixtures/coded_non_field_error.json
/// rejected (422)
/// read as: auto: rule 6 (`detail` is a list holding `loc`/`msg` entries, or a string alone in the body): fastapi
///   payload: The password must not equal the username. [password_matches_username]
///     -> field password
/// ```
/// CAPTURE is a JSON file `{"status": 422, "content_type": "...", "body": "..."}` (the real-server
/// fixtures' format; other keys are ignored), or with `--status` the raw body itself.
struct ExplainCommand: ParsableCommand {
    /// A capture or body larger than this is refused; server answers over 1 MiB are failures anyway.
    static let captureLimit = 4 << 20

    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show where a captured server answer's errors would land on a form.",
        discussion: """
            CAPTURE is a JSON file with status, content_type and body (the body as a string), as \
            Tests/RealServers/*/fixtures/*.json are; with --status, CAPTURE is the raw response \
            body and --content-type gives its type. Prints the outcome, the dialect that read the \
            body and the rule that chose it, then each error with its path and code and where it \
            goes: a field, a field asked with its group, or the banner. Every field counts as \
            visible; a list has as many items as the errors' paths name (an error at lines[3] \
            lands on lines.4.qty), at least its min_items. Exits 0 when the answer was explained, 2 on a bad form or capture.
            """
    )

    @Argument(help: "The form file.") var form: String
    @Argument(help: "The captured answer (a capture JSON file, or the raw body with --status).") var capture: String
    @Option(help: "The response status; CAPTURE is then the raw body.") var status: Int?
    @Option(help: "The response Content-Type (with --status).") var contentType: String?

    func validate() throws {
        if let status, !(100...599).contains(status) {
            throw ValidationError(CLIMessage.explainStatusOutOfRange(status: String(describing: status)).text)
        }
        if contentType != nil && status == nil {
            throw ValidationError(CLIMessage.explainContentTypeNeedsStatus.text)
        }
    }

    func run() throws {
        let spec: FormSpec
        switch FormFileLoader.load(path: form) {
        case .success(let loaded): spec = loaded
        case .failure(let errors):
            StandardError.write(errors.description + "\n")
            throw ExitCode(2)
        }
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(capture, limit: Self.captureLimit)
        } catch {
            StandardError.write("\(capture): \(error.reason)\n")
            throw ExitCode(2)
        }
        let answer: (status: Int, contentType: String?, body: [UInt8])
        if let status {
            answer = (status, contentType, bytes)
        } else {
            switch Self.readCapture(bytes) {
            case .success(let read): answer = read
            case .failure(let problem):
                StandardError.write("\(capture): \(problem.message)\n")
                throw ExitCode(2)
            }
        }
        let explanation = ResponseExplanation.explain(
            status: answer.status, contentType: answer.contentType, body: answer.body, spec: spec)
        print(explanation.text, terminator: "")
    }

    struct CaptureProblem: Error { let message: String }

    /// Reads `{"status": N, "content_type": "..." or null, "body": "..."}`.
    static func readCapture(_ bytes: [UInt8]) -> Result<(status: Int, contentType: String?, body: [UInt8]), CaptureProblem> {
        guard let json = JSONValue.parse(bytes), json.objectValue != nil else {
            return .failure(CaptureProblem(message: CLIMessage.notACapture.text))
        }
        guard case .number(let text)? = json["status"], let status = Int(text), (100...599).contains(status) else {
            return .failure(CaptureProblem(message: CLIMessage.captureStatusNotHTTP.text))
        }
        var contentType: String?
        switch json["content_type"] {
        case .string(let type)?: contentType = type
        case .null?, nil: contentType = nil
        case .bool?, .number?, .array?, .object?:
            return .failure(CaptureProblem(message: CLIMessage.captureContentTypeNotString.text))
        }
        switch json["body"] {
        case .string(let body)?: return .success((status, contentType, Array(body.utf8)))
        case .null?, nil: return .success((status, contentType, []))
        case .bool?, .number?, .array?, .object?:
            // A body pasted as JSON rather than as a string: it is what the server sent, re-encoded.
            return .success((status, contentType, Array((json["body"]?.compactText ?? "").utf8)))
        }
    }
}
