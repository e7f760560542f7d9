import FormCore
import FormFiles
import FormOpenAPI
import FormSystem

/// `formline check --openapi DOC` for one document: every problem on stderr, one summary line.
enum OpenAPICheck {
    enum Outcome: Equatable {
        case expressed(String)
        case incomplete(String)
        /// Not OpenAPI at all (the message went to stderr).
        case unreadable
    }

    static func run(document: String, bytes: [UInt8]) -> Outcome {
        let operations: [OpenAPIOperationSummary]
        do {
            operations = try OpenAPIForms.operations(in: bytes)
        } catch {
            StandardError.write(TextCleaning.visible("\(document): \(error)") + "\n")
            return .unreadable
        }
        let problems = OpenAPIForms.check(bytes) { yaml in
            switch FormFileLoader.parse(yaml: yaml, path: "") {
            case .success: return []
            case .failure(let errors): return errors.errors.map { "\($0.line):\($0.column): \($0.message)" }
            }
        }
        for problem in problems { StandardError.write(TextCleaning.visible("\(document)\(problem)") + "\n") }
        // One population for both numbers: the operations `OpenAPIForms.check` examines, those
        // with a request body of any media type (one that is not JSON is itself not expressed).
        let examined = operations.filter(\.takesBody)
        let withBody = examined.count
        let labels = Set(examined.map(\.label))
        let affected = Set(problems.compactMap(\.operation)).intersection(labels).count
        let name = TextCleaning.visible(document)
        if problems.isEmpty {
            return .expressed(CLIMessage.openapiFullyExpressed(document: name, withBody: withBody).text)
        }
        let documentWide = problems.contains { $0.operation == nil }
        return .incomplete(CLIMessage.openapiNotFullyExpressed(
            document: name, affected: affected, withBody: withBody, documentWide: documentWide, problems: problems.count).text)
    }
}
