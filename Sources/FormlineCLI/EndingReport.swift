import FormCore

/// The one JSON document `fill --output json` writes on stdout when a session ends without
/// acceptance, so a script can act on any ending (acceptance has its own document, with the
/// payload and the server's answer).
///
/// ```
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
        switch status {
        case .accepted: return "accepted"
        case .cancelled: return "cancelled"
        case .usage: return "usage"
        case .transportFailed: return "transport-failed"
        case .endOfInput: return "end-of-input"
        case .inputRefused:
            let rejected = wizard.rejectionStatus != nil && wizard.endingErrors.allSatisfy { $0.line == nil }
            return rejected ? "rejected" : "refused"
        case .draftNotSaved: return "draft-not-saved"
        case .hangup: return "hangup"
        case .interrupted: return "interrupted"
        case .quit: return "quit"
        case .terminated: return "terminated"
        case .recordsNotAllAccepted: return "records-not-all-accepted"
        }
    }
}
