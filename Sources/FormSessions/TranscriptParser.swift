import FormCore
import FormRunner

/// A mistake in a transcript file, with its line.
package struct TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var message: String

    package init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    package var description: String { "\(file):\(line): \(message)" }
}

/// Reads transcript text (docs/sessions.md, "Format") into a `Transcript`.
package enum TranscriptParser {
    /// Parses `text`; `file` only names the file in errors.
    package static func parse(_ text: String, file: String = "<transcript>") throws(TranscriptError) -> Transcript {
        var rawLines = lines(of: text)
        if rawLines.last == "" { rawLines.removeLast() }
        return try parse(lines: rawLines, file: file)
    }

    /// Parses a recording's lines as `parse(_:file:)` parses the text they make (each line ended
    /// by a newline), without joining them into that text and splitting it again: replay checks
    /// every recording it makes (docs/PERFORMANCE.md, "Replaying transcripts"). A line holding a
    /// line break (which the recorder never writes) goes through the text, so the result is the
    /// same either way.
    package static func parse(recordedLines recorded: [String], file: String = "<transcript>") throws(TranscriptError) -> Transcript {
        let breaks = recorded.contains { line in line.anyByte({ $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) }
        if breaks { return try parse(recorded.map { $0 + "\n" }.joined(), file: file) }
        return try parse(lines: recorded, file: file)
    }

    /// The lines of a transcript, already split (without their line breaks).
    private static func parse(lines rawLines: [String], file: String) throws(TranscriptError) -> Transcript {
        var lines: [TranscriptLine] = []
        lines.reserveCapacity(rawLines.count)
        var formPath: String?
        var operation: String?
        var documentName: String?
        var args: [String] = []
        var clock: String?
        var secrets: [String: String] = [:]
        var answersPath: String?
        var sets: [SetAnswer] = []
        // The last `#! record N`: marks go up, as the recorder writes them.
        var lastRecord = 1

        func fail(_ number: Int, _ message: String) -> TranscriptError {
            TranscriptError(file: file, line: number, message: message)
        }

        guard let first = rawLines.first.map(stripCR) else { throw fail(1, "empty transcript: it must start with \"\(TranscriptSyntax.header)\"") }
        let version = first == TranscriptSyntax.headerVersion2 ? 2 : 1
        if first != TranscriptSyntax.header && first != TranscriptSyntax.headerVersion2 {
            if first.hasPrefix("#! formline-session ") {
                throw fail(1, "unsupported transcript version \"\(first.dropFirst("#! formline-session ".count))\" (this formline reads versions 1 and 2)")
            }
            throw fail(1, "not a formline transcript: the first line must be \"\(TranscriptSyntax.header)\"")
        }

        for (index, raw) in rawLines.enumerated() {
            let number = index + 1
            let line = stripCR(raw)
            // The first byte rules out every mark but its own (a line that starts with any of
            // `# > = <` starts with that byte), so each test below is made only where it can hold.
            let lead = line.utf8.first
            let kind: TranscriptLine.Kind
            if number == 1 {
                kind = .header
            } else if let lead, !TranscriptParser.markedLead(lead) {
                // Most lines are output: one byte says so. A line whose first byte is none of
                // `# > = < \` cannot start with those Characters (no other scalar is canonically
                // one of them), so every prefix test below would say no.
                kind = .output(line)
            } else if lead == UInt8(ascii: "#"), line.hasPrefix("#!") {
                let directive = String(line.dropFirst(2)).trimmedWhitespace
                if directive.hasPrefix("form:") {
                    let path = String(directive.dropFirst(5)).trimmedWhitespace
                    guard !path.isEmpty else { throw fail(number, "#! form: needs the form file's path") }
                    guard formPath == nil else { throw fail(number, "a second #! form: line") }
                    formPath = path
                    kind = .header
                } else if directive.hasPrefix("operation:") {
                    // An OpenAPI session: `#! form:` names a copy of the document (docs/openapi.md).
                    let name = String(directive.dropFirst(10)).trimmedWhitespace
                    guard !name.isEmpty else { throw fail(number, "#! operation: needs the operation (an operationId or \"METHOD /path\")") }
                    guard operation == nil else { throw fail(number, "a second #! operation: line") }
                    operation = name
                    kind = .header
                } else if directive.hasPrefix("document:") {
                    let name = String(directive.dropFirst(9)).trimmedWhitespace
                    guard !name.isEmpty else { throw fail(number, "#! document: needs the name the form was built under") }
                    documentName = name
                    kind = .header
                } else if directive.hasPrefix("answers:") {
                    let path = String(directive.dropFirst(8)).trimmedWhitespace
                    guard !path.isEmpty else { throw fail(number, "#! answers: needs the answers file's path") }
                    guard answersPath == nil else { throw fail(number, "a second #! answers: line") }
                    answersPath = path
                    kind = .header
                } else if directive.hasPrefix("set:") {
                    // The value as written after "set: " (its spaces are part of the answer).
                    var raw = line.dropFirst(2).drop { $0 == " " || $0 == "\t" }.dropFirst(4)
                    if raw.first == " " { raw = raw.dropFirst() }
                    let text = TranscriptSyntax.unescapeText(String(raw), version: version)
                    guard let set = SetAnswer.parse(text) else { throw fail(number, "#! set: needs NAME=VALUE") }
                    sets.append(set)
                    kind = .header
                } else if directive.hasPrefix("clock:") {
                    let moment = String(directive.dropFirst(6)).trimmedWhitespace
                    guard ClockDefault.moment(moment) != nil else {
                        throw fail(number, "#! clock: needs a local time with its offset, like 2026-11-22T21:30:00+01:00")
                    }
                    clock = moment
                    kind = .header
                } else if directive.hasPrefix("args:") {
                    args = String(directive.dropFirst(5)).split(separator: " ").map(String.init)
                    kind = .header
                } else if let word = ["secret", "private"].first(where: { directive.hasPrefix($0 + " ") || directive == $0 }) {
                    // `#! private NAME = VALUE` gives a private field's value as `#! secret`
                    // gives a secret's: typed at `>* [NAME]` (docs/privacy.md).
                    let rest = directive.dropFirst(word.count)
                    guard let eq = rest.firstIndex(of: "=") else {
                        throw fail(number, "#! \(word) needs NAME = VALUE")
                    }
                    let name = String(rest[..<eq]).trimmedWhitespace
                    var value = rest[rest.index(after: eq)...]
                    if value.first == " " { value = value.dropFirst() }
                    guard !name.isEmpty else { throw fail(number, "#! \(word) needs NAME = VALUE") }
                    secrets[name] = String(value)
                    kind = .secret(name: name, value: String(value))
                } else if directive == "unreadable" || directive.hasPrefix("unreadable ") {
                    let reason = String(directive.dropFirst("unreadable".count)).trimmedWhitespace
                    kind = .unreadable(reason: TranscriptSyntax.unescapeText(reason, version: version))
                } else if directive == "eof" {
                    kind = .endOfInput
                } else if directive == "interrupt" || directive.hasPrefix("interrupt ") {
                    let name = String(directive.dropFirst("interrupt".count)).trimmedWhitespace
                    guard let signal = TranscriptSyntax.signalNumber(name) else {
                        throw fail(number, "unknown signal \"\(name)\" (SIGINT, SIGTERM, SIGHUP or SIGQUIT)")
                    }
                    kind = .interrupt(signal: signal)
                } else if directive.hasPrefix("exit ") {
                    let code = String(directive.dropFirst(5)).trimmedWhitespace
                    guard let n = Int32(code) else { throw fail(number, "#! exit needs a number, not \"\(code)\"") }
                    kind = .exit(n)
                } else if directive.hasPrefix("record ") {
                    let text = String(directive.dropFirst(7)).trimmedWhitespace
                    guard text.utf8.count <= 7, let n = Int(text), n > lastRecord, n <= TranscriptSyntax.recordLimit else {
                        throw fail(number, "#! record needs a record's number after \(lastRecord) (at most \(TranscriptSyntax.recordLimit)), not \"\(text)\"")
                    }
                    lastRecord = n
                    kind = .record(n)
                } else {
                    throw fail(number, "unknown directive \"#!\(line.dropFirst(2))\"")
                }
            } else if lead == UInt8(ascii: "#"), line == "#" || line.hasPrefix("# ") {
                kind = .comment
            } else if lead == UInt8(ascii: "#"), line.hasPrefix("#") {
                throw fail(number, "a comment starts with \"# \"; output starting with # is written \\#")
            } else if lead == UInt8(ascii: ">"), line == ">" {
                kind = .input("")
            } else if lead == UInt8(ascii: ">"), line.hasPrefix("> ") {
                let typed = String(line.dropFirst(2))
                let text = version >= 2 ? TranscriptSyntax.unescapeText(typed, version: version) : typed
                // No operator can type more than a line source takes: a longer `>` line is not a
                // session anyone recorded, and it would make replay hold and match megabytes.
                guard text.utf8.count <= UnreadableLine.lengthLimit else {
                    throw fail(number, "an operator line is at most 64 KiB, the limit on a typed line (this one has \(text.utf8.count) bytes)")
                }
                kind = .input(text)
            } else if lead == UInt8(ascii: ">"), line.hasPrefix(">* ") {
                let placeholder = String(line.dropFirst(3)).trimmedWhitespace
                guard placeholder.hasPrefix("["), placeholder.hasSuffix("]"), placeholder.count > 2 else {
                    throw fail(number, "a secret line is \">* [name]\": the value is never written")
                }
                let inside = String(placeholder.dropFirst().dropLast())
                if let field = TranscriptSyntax.refusedSecretField(inside) {
                    kind = .refusedSecretInput(field: field)
                } else {
                    kind = .secretInput(field: inside)
                }
            } else if lead == UInt8(ascii: ">"), line.hasPrefix(">") {
                throw fail(number, "an operator line starts with \"> \" (or is \">\" alone for an empty line)")
            } else if lead == UInt8(ascii: "="), line.hasPrefix("=>") {
                guard line.hasPrefix("=> "), hasThreeWords(line) else {
                    throw fail(number, "a request line is \"=> METHOD PATH BODY\"")
                }
                kind = .request
            } else if lead == UInt8(ascii: "<"), line.hasPrefix("<=") {
                guard let response = parseResponse(line, version: version) else {
                    throw fail(number, "a response line is \"<= STATUS CONTENT-TYPE BODY\", \"<= !timeout\", \"<= !refused\" or \"<= !error MESSAGE\"")
                }
                kind = .response(response)
            } else if line.hasPrefix("\\") {
                kind = .output(String(line.dropFirst()))
            } else {
                kind = .output(line)
            }
            lines.append(TranscriptLine(number: number, text: line, kind: kind))
        }
        guard let formPath else { throw fail(1, "no \"#! form: PATH\" line: which form does this session fill?") }
        var transcript = Transcript(lines: lines, formPath: formPath, args: args, secrets: secrets)
        transcript.clock = clock
        if let operation {
            transcript.openAPI = Transcript.OpenAPIOrigin(operation: operation, documentName: documentName)
        } else if documentName != nil {
            throw fail(1, "#! document: belongs to an OpenAPI session, which needs #! operation:")
        }
        transcript.answersPath = answersPath
        transcript.sets = sets
        return transcript
    }

    /// The lines of `text`, split where the old Character split did (at "\n" and at "\r\n", which
    /// is one Character), but on bytes: splitting on Characters cost the grapheme breaking of the
    /// whole file, and every replay parses two transcripts (docs/PERFORMANCE.md, "Replaying
    /// transcripts").
    static func lines(of text: String) -> [String] {
        // On the contiguous bytes (a native string has them): stepping the UTF-8 view was a
        // cost per byte of every transcript read.
        if let lines = text.utf8.withContiguousStorageIfAvailable({ bytes -> [String] in
            var out: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                // The CR of a CRLF belongs to the line break.
                let end = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = index + 1
            }
            out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return out
        }) { return lines }
        var out: [String] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\n") {
                var end = index
                // The CR of a CRLF belongs to the line break.
                if end != start, bytes[bytes.index(before: end)] == UInt8(ascii: "\r") { end = bytes.index(before: end) }
                out.append(String(text[start..<end]))
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        out.append(String(text[start...]))
        return out
    }

    /// A last byte CR is a last Character CR (a CR joins no Character but a following LF), so
    /// the byte test says what `hasSuffix("\r")` says, without the Character walk.
    /// Whether a line's first byte is one a marked line (directive, comment, operator line,
    /// request, response, escaped output) starts with.
    static func markedLead(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: "\\"): return true
        default: return false
        }
    }

    private static func stripCR(_ line: String) -> String {
        line.utf8.last == UInt8(ascii: "\r") ? String(line.dropLast()) : line
    }

    /// Whether `line` holds at least three words between spaces, as
    /// `line.split(separator: " ").count >= 3` says; on bytes for ASCII (a request line is
    /// ASCII but for its payload's text), where a space byte is a space Character.
    static func hasThreeWords(_ line: String) -> Bool {
        guard line.allBytes({ $0 < 0x80 }) else { return line.split(separator: " ").count >= 3 }
        var words = 0
        var inWord = false
        for byte in line.utf8 {
            if byte == UInt8(ascii: " ") {
                inWord = false
            } else if !inWord {
                inWord = true
                words += 1
                if words == 3 { return true }
            }
        }
        return false
    }

    /// `<= 201 application/json {"id":1}`, `<= 302 -> URL text/html BODY`, `<= 204 -`,
    /// `<= !timeout`, `<= !refused`, `<= !error MESSAGE`.
    static func parseResponse(_ line: String, version: Int = 1) -> Result<TransportResponse, TransportFailure>? {
        guard line.hasPrefix("<= ") else { return nil }
        let rest = line.dropFirst(3)
        if rest == "!timeout" { return .failure(.timeout) }
        if rest == "!refused" { return .failure(.refused) }
        if rest.hasPrefix("!error ") { return .failure(.error(TranscriptSyntax.unescapeText(String(rest.dropFirst(7)), version: version))) }
        var tokens = Substring(rest)
        func nextToken() -> Substring? {
            guard !tokens.isEmpty else { return nil }
            // On the bytes: a Character search cost thousands of instructions a token.
            let end = tokens.utf8.firstIndex(of: UInt8(ascii: " ")) ?? tokens.endIndex
            let token = tokens[..<end]
            tokens = end == tokens.endIndex ? "" : tokens[tokens.utf8.index(after: end)...]
            return token
        }
        guard let statusText = nextToken(), let status = Int(statusText), (100...999).contains(status) else { return nil }
        guard var type = nextToken() else { return nil }
        var location: String?
        if type == "->" {
            guard let url = nextToken(), let next = nextToken() else { return nil }
            location = String(url)
            type = next
        }
        let bodyText = String(tokens)
        let body: [UInt8]
        if bodyText.isEmpty {
            body = []
        } else if !bodyText.anyByte({ $0 == UInt8(ascii: "\\") }) {
            // No backslash: unescaping is the identity, so JSON or not, the body is the text
            // (no JSON parse of every response line just to decide that).
            body = Array(bodyText.utf8)
        } else if JSONValue.parse(bodyText) != nil {
            body = Array(bodyText.utf8)
        } else {
            body = Array(TranscriptSyntax.unescapeText(bodyText, version: version).utf8)
        }
        return .success(TransportResponse(
            status: status, contentType: type == "-" ? nil : String(type), body: body, location: location))
    }
}
