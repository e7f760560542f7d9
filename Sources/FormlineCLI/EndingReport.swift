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
        var members: [String: JSONValue] = [
            "ending": .string(name(status, wizard: wizard)),
            "exit": .number(String(status.rawValue)),
            "errors": .array(wizard.endingErrors.map { error in
                var object: [String: JSONValue] = ["message": .string(error.message)]
                object["field"] = error.field.map { .string($0) } ?? .null
                if let line = error.line { object["line"] = .number(String(line)) }
                return .object(object)
            }),
        ]
        if status == .inputRefused, wizard.endingErrors.allSatisfy({ $0.line == nil }), let http = wizard.rejectionStatus {
            members["status"] = .number(String(http))
        }
        return .object(members)
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
            return wizard.endingErrors.contains { $0.line != nil } ? "refused" : "rejected"
        case .hangup: return "hangup"
        case .interrupted: return "interrupted"
        case .terminated: return "terminated"
        }
    }
}
