import FormCore
import FormRunner

/// A parsed transcript: every line of the file, numbered from 1, with what it means.
package struct Transcript: Sendable, Equatable {
    package var lines: [TranscriptLine]
    /// The form as `#! form:` names it, relative to the transcript's folder.
    package var formPath: String
    /// From `#! args:`: the flags the session ran with.
    package var args: [String]
    /// From `#! secret NAME = VALUE` and `#! private NAME = VALUE`: values to type at `>* [NAME]`.
    package var secrets: [String: String]
    /// From `#! clock: MOMENT`: the local time the session started, for `today` / `now` defaults.
    package var clock: String?
    /// From `#! operation:` (and `#! document:`): the session filled this operation of the
    /// OpenAPI document that `formPath` names (a local copy, so replay never fetches).
    package var openAPI: OpenAPIOrigin?

    /// An OpenAPI session's operation, and the name its form was built under.
    package struct OpenAPIOrigin: Sendable, Equatable {
        package var operation: String
        /// Nil: the copy's own file name.
        package var documentName: String?

        package init(operation: String, documentName: String?) {
            self.operation = operation
            self.documentName = documentName
        }
    }
    /// From `#! answers: PATH`: the answers file the session started with (`fill --answers`),
    /// relative to the transcript's folder.
    package var answersPath: String?
    /// From `#! set: NAME=VALUE`, in order: the `fill --set` answers (never a secret's).
    package var sets: [SetAnswer] = []

    package init(lines: [TranscriptLine], formPath: String, args: [String], secrets: [String: String]) {
        self.lines = lines
        self.formPath = formPath
        self.args = args
        self.secrets = secrets
    }
}

/// One line of a transcript file.
package struct TranscriptLine: Sendable, Equatable {
    /// 1-based line number in the file.
    package var number: Int
    /// The line exactly as written (without its newline).
    package var text: String
    package var kind: Kind

    package init(number: Int, text: String, kind: Kind) {
        self.number = number
        self.text = text
        self.kind = kind
    }

    package enum Kind: Sendable, Equatable {
        /// `#! formline-session 1`, `#! form:`, `#! args:`.
        case header
        /// `#! secret NAME = VALUE` or `#! private NAME = VALUE` (replay only; never recorded).
        case secret(name: String, value: String)
        /// `#` or `# ...`.
        case comment
        /// Wizard output, unescaped (`\#x` is the output `#x`).
        case output(String)
        /// `> text`, `>` alone for an empty line.
        case input(String)
        /// `>* [name]`.
        case secretInput(field: String)
        /// `>* [name: refused]`: a secret line the wizard refused; replay types one refused alike.
        case refusedSecretInput(field: String)
        /// `=> METHOD PATH BODY`.
        case request
        /// `<= ...`: what the transport answered.
        case response(Result<TransportResponse, TransportFailure>)
        /// `#! unreadable REASON`: a line the line source could not read, and why.
        case unreadable(reason: String)
        case endOfInput
        case interrupt(signal: Int32)
        /// `#! exit N`.
        case exit(Int32)
        /// `#! record N`: record N of a run of records begins (written from the second record on,
        /// only for a form with a private `distinct` field: replay gives each record a value of
        /// its own there, docs/privacy.md).
        case record(Int)
    }

    /// Lines that the session produced: compared on replay, rewritten by `--update`.
    package var isProduced: Bool {
        switch kind {
        case .output, .request, .exit, .record: return true
        default: return false
        }
    }

    /// Lines that only the transcript's author writes: kept by `--update`, never recorded.
    package var isNote: Bool {
        switch kind {
        case .comment, .secret: return true
        default: return false
        }
    }

    /// What the replay feeds in (operator lines, responses, end of input, signals) and the header:
    /// the fixed points that recorded lines line up against.
    package var isAnchor: Bool { !isProduced && !isNote }
}

/// One `#! set: NAME=VALUE` directive: a `fill --set` answer the session started with.
package struct SetAnswer: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value` split at the first `=`, or nil without a name.
    package static func parse(_ text: String) -> SetAnswer? {
        guard let eq = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<eq]).trimmedWhitespace
        guard !name.isEmpty else { return nil }
        return SetAnswer(name: name, value: String(text[text.index(after: eq)...]))
    }
}
