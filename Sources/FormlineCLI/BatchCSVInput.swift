#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import CSV
import FormCore
import FormRunner
import Foundation

/// `formline batch FORM FILE.csv`: a header row naming fields (`email`, `address.city`,
/// `lines.2.sku`), then one record per row (docs/outbox-and-batch.md, "CSV input"). Each row
/// becomes the answers-file JSON object its names spell, so it meets exactly the parsing, rules
/// and checks an NDJSON record (and a typed answer) meets. Cells are parsed by yaslab/CSV.swift;
/// `CSVRecordScanner` only finds where each record ends, to count lines and bound its size.
struct BatchCSVSource: BatchRecordSource {
    private var scanner: CSVRecordScanner
    private let shape: CSVShape
    /// Cells in a row; more non-empty ones than this refuse the row.
    private let width: Int
    let rejectsFormat: BatchRejectsFormat

    /// The most columns a header may name: an answers file's most answers.
    static let columnLimit = 10_000

    /// Reads and checks the header: every column must name a field of `spec` (a typo refuses the
    /// run before any record is sent, each problem as `FILE:1:COLUMN: name: message`).
    init(fd: Int32, source: String, spec: FormSpec, language: MessageLanguage) throws {
        scanner = CSVRecordScanner(fd: fd)
        guard let first = scanner.next() else {
            throw ValidationError(TextCleaning.visible(CLIMessage.batchCSVNoHeader(path: source).text))
        }
        if let malformed = first.malformed {
            throw ValidationError(TextCleaning.visible("\(source):\(first.line): " + malformed.message))
        }
        guard !first.tooLong else {
            throw ValidationError(TextCleaning.visible("\(source):\(first.line): " + CLIMessage.batchLineTooLong.text))
        }
        let names: [String]
        switch Self.cells(first.bytes) {
        case .refused(let problem): throw ValidationError(TextCleaning.visible("\(source):\(first.line): \(problem)"))
        case .cells(let cells): names = cells.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // Excel's CSV export where the decimal mark is a comma (Norway, much of Europe) separates by
        // semicolons: one column whose name holds one would otherwise be "no such field".
        if names.count == 1, names[0].contains(";") {
            throw ValidationError(TextCleaning.visible("\(source):\(first.line): " + CLIMessage.batchCSVSemicolons.text))
        }
        guard names.count <= Self.columnLimit else {
            throw ValidationError(TextCleaning.visible("\(source):\(first.line): " + CLIMessage.batchCSVTooManyColumns(most: Self.columnLimit).text))
        }
        let line = first.line
        // The error column `--rejects` adds: `errors`, unless the form has a field of that name.
        let errorsName = spec.fields.contains { $0.name == "errors" } ? "formline_errors" : "errors"
        var problems: [(column: Int, text: String)] = []
        func problem(_ column: Int, _ name: String, _ message: String) {
            let shown = Self.shortened(name)
            problems.append((column, TextCleaning.visible("\(source):\(line):\(column + 1): " + (shown.isEmpty ? message : "\(shown): \(message)"))))
        }
        var firstColumn: [String: Int] = [:]
        var fieldColumns: [(name: String, column: Int)] = []
        for (column, name) in names.enumerated() {
            if name.isEmpty {
                problem(column, name, CLIMessage.batchCSVEmptyColumnName.text)
            } else if let earlier = firstColumn[name] {
                problem(column, name, CLIMessage.batchCSVDuplicateColumn(column: earlier + 1).text)
            } else {
                firstColumn[name] = column
                if name != errorsName { fieldColumns.append((name, column)) }
            }
        }
        // The wizard itself says which names are no field (with its "did you mean"), and which
        // item numbers are past a list's end: the same words an answers file gets.
        let answers = fieldColumns.map { ScriptedAnswer(path: $0.name, text: "", origin: "\(source):\(line)", fromCommandLine: false) }
        let setup = SessionSetup(flags: SessionSetup.Flags(noInput: true, language: language), interactive: false, answers: answers)
        let (wizard, applied) = setup.makeWizard(spec: spec)
        var shape = CSVShape.object([:])
        for (name, column) in fieldColumns {
            if let refused = applied.first(where: { $0.field == name }), wizard.field(named: name) == nil {
                problem(column, name, refused.message)
            } else if let conflict = shape.insert(path: name.split(separator: ".", omittingEmptySubsequences: false).map(String.init), column: column) {
                problem(column, name, CLIMessage.batchCSVColumnConflict(column: conflict + 1, name: Self.shortened(names[conflict])).text)
            }
        }
        guard problems.isEmpty else {
            let byColumn = problems.enumerated().sorted { ($0.element.column, $0.offset) < ($1.element.column, $1.offset) }
            var said = byColumn.prefix(Self.listedHeaderProblems).map(\.element.text)
            if byColumn.count > Self.listedHeaderProblems {
                said.append(TextCleaning.visible(CLIMessage.moreAnswerProblems(origin: "\(source):\(line)", count: byColumn.count - Self.listedHeaderProblems).text))
            }
            throw ValidationError(said.joined(separator: "\n"))
        }
        self.shape = shape
        width = names.count
        let errorsColumn = firstColumn[errorsName]
        let kept = names.indices.filter { $0 != errorsColumn }
        let header = Self.row(kept.map { names[$0] } + [errorsName])
        rejectsFormat = BatchRejectsFormat(header: header) { input, errors in
            // The row as read, without an earlier error column, then this run's errors.
            guard !CSVRecordScanner.quotingIsBroken(input), case .cells(let cells) = Self.cells(input) else {
                return String(decoding: input + [0x0A], as: UTF8.self)
            }
            let values = kept.map { $0 < cells.count ? cells[$0] : "" }
            let said = errors.prefix(BatchOutcome.listedErrors).map { error in
                error.field.map { "\($0): \(error.message)" } ?? error.message
            }
            return Self.row(values + [Self.inert(said.joined(separator: "; "))])
        }
    }

    /// The most header problems listed; the rest are counted ("and 12 more problems").
    static let listedHeaderProblems = 20
    /// The longest header name echoed in a problem, in characters; a longer one ends in "...".
    static let shownNameLimit = 80

    /// A header name as a problem echoes it: at most `shownNameLimit` characters.
    static func shortened(_ name: String) -> String {
        name.count > shownNameLimit ? String(name.prefix(shownNameLimit)) + "..." : name
    }

    /// The errors cell formline writes (server text among it) made inert for a spreadsheet: a
    /// cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a
    /// formula (`=HYPERLINK(...)`), so it gets a leading `'` (OWASP, "CSV Injection"). The
    /// operator's own cells are their data and are written as read.
    static func inert(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return cell }
        return "'" + cell
    }

    mutating func next() -> BatchSourceRecord? {
        guard let record = scanner.next() else { return nil }
        if let malformed = record.malformed {
            // Refused whole, before the package's reader guesses at its cells; the rejects file
            // keeps the row as read (its quoting is what the operator must fix).
            return BatchSourceRecord(line: record.line, bytes: [], input: record.bytes, refusal: malformed.message)
        }
        guard !record.tooLong else {
            return BatchSourceRecord(line: record.line, bytes: [], input: [], refusal: CLIMessage.batchLineTooLong.text)
        }
        if record.bytes.isEmpty { return BatchSourceRecord(line: record.line, bytes: [], input: [], isBlank: true) }
        let cells: [String]
        switch Self.cells(record.bytes) {
        case .refused(let problem):
            return BatchSourceRecord(line: record.line, bytes: [], input: record.bytes, refusal: problem)
        case .cells(let read): cells = read
        }
        if cells.count > width, cells[width...].contains(where: { !$0.isEmpty }) {
            return BatchSourceRecord(line: record.line, bytes: [], input: record.bytes,
                                     refusal: CLIMessage.batchCSVRowTooWide(cells: cells.count, columns: width).text)
        }
        // A row of empty cells (a spreadsheet's trailing rows) is no record, like a blank line.
        guard let answers = shape.json(cells) else {
            return BatchSourceRecord(line: record.line, bytes: [], input: [], isBlank: true)
        }
        return BatchSourceRecord(line: record.line, bytes: Array(answers.compactText.utf8), input: record.bytes)
    }

    /// One record's cells, by the package's reader.
    static func cells(_ bytes: [UInt8]) -> CSVRow {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .refused(CLIMessage.batchCSVNotUTF8.text) }
        guard let reader = try? CSVReader(string: text), let row = reader.next() else { return .cells([""]) }
        // The scanner ends a record only where the reader ends a row; a lone CR makes two.
        guard reader.next() == nil else { return .refused(CLIMessage.batchCSVNotOneRow.text) }
        return .cells(row)
    }

    enum CSVRow {
        case cells([String])
        /// Not UTF-8, or not one row: the record's error.
        case refused(String)
    }

    /// One row as the package's writer quotes it, with its line end.
    static func row(_ values: [String]) -> String {
        let stream = OutputStream(toMemory: ())
        guard let writer = try? CSVWriter(stream: stream) else { return "" }
        try? writer.write(row: values)
        stream.close()
        guard let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Where each header column's cells go in the answers object: `address.city` in a mapping,
/// `lines.2.sku` in item 2 of a list (items numbered from 1, as everywhere an operator writes
/// them), `serials.3` as the third value of a list field.
indirect enum CSVShape {
    case cell(Int)
    case object([String: CSVShape])
    case list([Int: CSVShape])

    /// Adds a column; returns the column it clashes with (`address` and `address.city`), if any.
    mutating func insert(path: [String], column: Int) -> Int? {
        guard let head = path.first else {
            if case .cell(let other) = self { return other }
            if let other = firstColumn { return other }
            self = .cell(column)
            return nil
        }
        let rest = Array(path.dropFirst())
        if let index = Int(head), index >= 1, head.allSatisfy(\.isASCII) {
            var items: [Int: CSVShape]
            switch self {
            case .list(let existing): items = existing
            case .object(let members) where members.isEmpty: items = [:]
            default: return firstColumn ?? column
            }
            var child = items[index] ?? .object([:])
            if let clash = child.insert(path: rest, column: column) { return clash }
            items[index] = child
            self = .list(items)
            return nil
        }
        guard case .object(var members) = self else { return firstColumn ?? column }
        var child = members[head] ?? .object([:])
        if let clash = child.insert(path: rest, column: column) { return clash }
        members[head] = child
        self = .object(members)
        return nil
    }

    /// Some column under this node (for naming a clash).
    private var firstColumn: Int? {
        switch self {
        case .cell(let column): return column
        case .object(let members): return members.values.compactMap(\.firstColumn).min()
        case .list(let items): return items.values.compactMap(\.firstColumn).min()
        }
    }

    /// The answers a row gives, or nil when it gives none. An empty cell is no answer (as an
    /// empty value in an answers file); a gap before a later item keeps that item's place.
    func json(_ cells: [String]) -> JSONValue? {
        switch self {
        case .cell(let column):
            guard column < cells.count, !cells[column].isEmpty else { return nil }
            return .string(cells[column])
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (name, child) in members { if let value = child.json(cells) { out[name] = value } }
            return out.isEmpty ? nil : .object(out)
        case .list(let items):
            var given: [Int: JSONValue] = [:]
            for (index, child) in items { if let value = child.json(cells) { given[index] = value } }
            guard let last = given.keys.max() else { return nil }
            return .array((1...last).map { index in
                given[index] ?? (items[index].map { if case .cell = $0 { return JSONValue.null } else { return .object([:]) } } ?? .null)
            })
        }
    }
}

/// Finds where each CSV record ends, a chunk of input at a time: a line end outside a quoted
/// cell. It counts lines (the record's line is where it starts) and keeps at most
/// `recordLimit` bytes of a record; the cells themselves are the package reader's business.
struct CSVRecordScanner {
    struct Record {
        var line: Int
        var bytes: [UInt8]
        var tooLong: Bool
        /// The quoting is broken (a stray or unclosed quote): the record's error, never its cells.
        var malformed: Malformed? = nil
    }

    /// Why a record's quoting is broken, with the line it is seen on.
    enum Malformed: Equatable {
        /// A byte other than `"`, `,` or a line end after a quoted cell's closing quote (`"a"x`):
        /// the scanner ends the record at that line's end, so one stray quote costs one row and
        /// never folds the rows after it into one record.
        case strayQuote(line: Int)
        /// The input ends inside a quoted cell opened on `line`.
        case unclosedQuote(line: Int)
    }

    /// The longest record, as NDJSON's longest line: 1 MiB.
    static let recordLimit = NDJSONLineReader.lineLimit

    enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var line = 1
    private var atFileStart = true

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> Record? {
        var state = State.fieldStart
        var collected: [UInt8] = []
        var tooLong = false
        var sawAny = false
        var malformed: Malformed?
        var quoteOpened = line
        let first = line
        while true {
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if ended || !refill() {
                    guard sawAny else { return nil }
                    if malformed == nil, state == .quoted { malformed = .unclosedQuote(line: quoteOpened) }
                    return finish(collected, line: first, tooLong: tooLong, malformed: malformed)
                }
                if atFileStart {
                    atFileStart = false
                    if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3; continue }
                }
            }
            sawAny = true
            // Walk this chunk to the record's end (or the chunk's), then take the piece at once.
            var end = start
            var done = false
            var newlines = 0
            let base = line
            buffer.withUnsafeBufferPointer { bytes in
                while end < bytes.count {
                    let b = bytes[end]
                    end += 1
                    if b == 0x0A {
                        newlines += 1
                        if state != .quoted { done = true; break }
                        continue
                    }
                    if state == .fieldStart, b == 0x22 { quoteOpened = base + newlines }
                    if Self.step(&state, b), malformed == nil { malformed = .strayQuote(line: base + newlines) }
                }
            }
            line += newlines
            let pieceEnd = done ? end - 1 : end
            if !tooLong {
                if collected.count + (pieceEnd - start) > Self.recordLimit {
                    tooLong = true
                    collected = []
                } else {
                    collected += buffer[start..<pieceEnd]
                }
            }
            start = end
            if done { return finish(collected, line: first, tooLong: tooLong, malformed: malformed) }
        }
    }

    /// One byte's step through a record (a line feed is the caller's business); true for a
    /// byte other than `"`, `,` or CR after a quoted cell's closing quote (`"a"x`). That is not
    /// RFC 4180: the quote was not the cell's end. Going back into the quotes (as the package's
    /// reader does) would fold every following row into this one until the next stray quote;
    /// unquoted, the line end ends the record.
    @inline(__always)
    static func step(_ state: inout State, _ b: UInt8) -> Bool {
        switch state {
        case .fieldStart: state = b == 0x22 ? .quoted : (b == 0x2C ? .fieldStart : .unquoted)
        case .unquoted: if b == 0x2C { state = .fieldStart }
        case .quoted: if b == 0x22 { state = .quoteInQuoted }
        case .quoteInQuoted:
            if b == 0x22 {
                state = .quoted
            } else if b == 0x2C {
                state = .fieldStart
            } else if b != 0x0D {
                state = .unquoted
                return true
            }
        }
        return false
    }

    /// Whether a whole record's quoting is broken (a stray or unclosed quote): `--rejects` then
    /// copies it as read rather than let the package's reader guess at its cells.
    static func quotingIsBroken(_ bytes: [UInt8]) -> Bool {
        var state = State.fieldStart
        for b in bytes where b != 0x0A {
            if step(&state, b) { return true }
        }
        return state == .quoted
    }

    private mutating func refill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { ended = true; return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    private func finish(_ bytes: [UInt8], line: Int, tooLong: Bool, malformed: Malformed?) -> Record {
        var bytes = bytes
        if bytes.last == 0x0D { bytes.removeLast() }
        return Record(line: line, bytes: tooLong ? [] : bytes, tooLong: tooLong, malformed: malformed)
    }
}

extension CSVRecordScanner.Malformed {
    /// The record's error in the report and the rejects file.
    var message: String {
        switch self {
        case .strayQuote(let line): return CLIMessage.batchCSVStrayQuote(line: line).text
        case .unclosedQuote(let line): return CLIMessage.batchCSVUnclosedQuote(line: line).text
        }
    }
}
