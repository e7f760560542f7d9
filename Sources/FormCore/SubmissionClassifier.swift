/// Sorts a server's answer into accepted, rejected or failed (design.md section 8).
/// STUB: replaced by the error-dialects work (issue 5).
public enum SubmissionClassifier {
    public static func classify(
        status: Int, contentType: String?, body: [UInt8], location: String? = nil,
        dialect: ErrorDialect
    ) -> SubmissionResult {
        if (200..<300).contains(status) {
            var summary: String?
            if let id = JSONValue.parse(body)?["id"] {
                summary = "id=" + (id.stringValue ?? id.compactText)
            }
            return .accepted(status: status, summary: summary)
        }
        if [400, 409, 422].contains(status),
           let errors = ServerErrorParser.parse(contentType: contentType, body: body, dialect: dialect),
           !errors.isEmpty {
            return .rejected(status: status, errors: errors)
        }
        return .failed(reason: "the server answered \(status)")
    }
}
