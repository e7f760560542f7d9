import FormCore

/// The one JSON document `fill --output json` writes on stdout at every ending, so a script can
/// act on any of them. Each has `ending` and `exit`; acceptance adds the payload and the server's
/// answer, every other ending the errors.
///
/// ```
/// {"ending":"accepted","exit":0,"payload":{"username":"bob"},"response":{"id":1},"status":201}
/// {"ending":"refused","errors":[{"field":"age","line":4,"message":"Must be between 13 and 120"}],"exit":5}
/// {"ending":"rejected","errors":[{"field":"username","message":"This username is already taken."}],"exit":5,"status":422}
/// {"ending":"end-of-input","errors":[],"exit":4}
/// ```
enum EndingReport {
    static func json(status: ExitStatus, wizard: Wizard) -> JSONValue {
        var members = document(ending: name(status, wizard: wizard), status: status, errors: wizard.endingErrors)
        if status == .inputRefused, wizard.endingErrors.allSatisfy({ $0.line == nil }), let http = wizard.rejectionStatus {
            members["status"] = .number(String(http))
        }
        return .object(members)
    }

    /// Acceptance: `members` (`payload`, `response`, `status`) with `"ending":"accepted","exit":0`.
    static func accepted(_ members: [String: JSONValue]) -> JSONValue {
        var document = members
        document["ending"] = .string(name(.accepted))
        document["exit"] = .number(String(ExitStatus.accepted.rawValue))
        return .object(document)
    }

    /// The document of each signal's ending, keyed by its exit status, rendered in advance: the
    /// signal watchdog writes one without building anything while the main thread may be stuck.
    static func signalDocuments() -> [Int32: [UInt8]] {
        var documents: [Int32: [UInt8]] = [:]
        for status in [ExitStatus.interrupted, .terminated, .hangup, .quit] {
            let text = JSONValue.object(document(ending: name(status), status: status, errors: [])).compactText + "\n"
            documents[status.rawValue] = Array(text.utf8)
        }
        return documents
    }

    /// `{"ending":..., "errors":[...], "exit":N}`.
    static func document(ending: String, status: ExitStatus, errors: [EndingError]) -> [String: JSONValue] {
        [
            "ending": .string(ending),
            "exit": .number(String(status.rawValue)),
            "errors": .array(errors.map { error in
                var object: [String: JSONValue] = ["message": .string(error.message)]
                object["field"] = error.field.map { .string($0) } ?? .null
                if let line = error.line { object["line"] = .number(String(line)) }
                if let origin = error.origin { object["origin"] = .string(origin) }
                return .object(object)
            }),
        ]
    }

    /// The ending's name: one per exit status, except that 5 says whether a line was refused or
    /// the server rejected the form.
    static func name(_ status: ExitStatus, wizard: Wizard) -> String {
        name(status, rejected: wizard.rejectionStatus != nil && wizard.endingErrors.allSatisfy { $0.line == nil })
    }

    /// The ending's name; `rejected` tells a rejection (exit 5) from a refused line.
    static func name(_ status: ExitStatus, rejected: Bool = false) -> String {
        switch status {
        case .accepted: return "accepted"
        case .cancelled: return "cancelled"
        case .usage: return "usage"
        case .transportFailed: return "transport-failed"
        case .endOfInput: return "end-of-input"
        case .inputRefused: return rejected ? "rejected" : "refused"
        case .draftNotSaved: return "draft-not-saved"
        case .hangup: return "hangup"
        case .interrupted: return "interrupted"
        case .quit: return "quit"
        case .terminated: return "terminated"
        case .recordsNotAllAccepted: return "records-not-all-accepted"
        }
    }
}
