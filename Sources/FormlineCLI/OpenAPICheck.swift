import FormCore
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
        let problems = OpenAPIForms.check(bytes)
        for problem in problems { StandardError.write(TextCleaning.visible("\(document)\(problem)") + "\n") }
        let withBody = operations.filter(\.takesJSONBody).count
        let affected = Set(problems.compactMap(\.operation)).count
        let name = TextCleaning.visible(document)
        if problems.isEmpty {
            return .expressed("\(name): ok (\(withBody) operation\(withBody == 1 ? "" : "s") with a JSON body, all fully expressed)")
        }
        let documentWide = problems.contains { $0.operation == nil }
        return .incomplete("\(name): \(affected) of \(withBody) operation\(withBody == 1 ? "" : "s") not fully expressed"
            + (documentWide ? ", and problems with the document itself" : "") + " (\(problems.count) problem\(problems.count == 1 ? "" : "s"))")
    }
}
