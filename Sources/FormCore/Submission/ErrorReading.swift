/// Which reader took a rejection's errors, in a word the diagnostic log writes (`fill --log`):
/// `shape`, `DIALECT` (named by the form), `auto:DIALECT`, `structure` or `unread`.
extension SubmissionClassifier {
    /// Nil for an answer that is not a 400/409/422 with a JSON body holding errors.
    package static func errorReading(status: Int, contentType: String?, body: [UInt8], submit: SubmitSpec) -> String? {
        guard [400, 409, 422].contains(status), let json = JSONValue.parse(body),
              let read = readErrors(contentType: contentType, json: json, dialect: submit.errors,
                                    preferred: submit.preferredErrors, shape: submit.errorShape) else { return nil }
        switch read.source {
        case .shape: return "shape"
        case .namedDialect(let dialect): return dialect.rawValue
        case .auto:
            let claim = submit.preferredErrors.flatMap { DialectDetection.preferredClaim($0, contentType: contentType, json: json) }
                ?? DialectDetection.claim(contentType: contentType, json: json)
            return "auto:" + claim.dialect.rawValue
        case .structure: return "structure"
        case .unread: return "unread"
        }
    }
}
