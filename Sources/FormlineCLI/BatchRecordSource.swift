import ArgumentParser
import FormCore

/// Where `formline batch` takes its records from: NDJSON lines or CSV rows, read one at a time so
/// memory stays flat however long the input (docs/outbox-and-batch.md). Each record reaches the
/// runner as an answers-file JSON object, so a CSV row and an NDJSON line go through the one path.
protocol BatchRecordSource {
    /// The next record, or nil at the end of the input.
    mutating func next() -> BatchSourceRecord?
    /// How `--rejects` writes a record not accepted: its header (CSV), and each row.
    var rejectsFormat: BatchRejectsFormat { get }
}

/// One record as read.
struct BatchSourceRecord {
    /// The input line the record starts on (a quoted CSV cell may span lines).
    var line: Int
    /// The answers, as an answers file's JSON object (NDJSON: the line itself).
    var bytes: [UInt8]
    /// What `--rejects` keeps of it: the NDJSON line, or the CSV row's text as read.
    var input: [UInt8]
    /// Refused before any parsing (too long, not one CSV row...): the error its report line gets.
    var refusal: String?
    /// No record at all (a blank line, a CSV row of empty cells): skipped, not numbered.
    var isBlank = false
}

/// How `--rejects` writes: NDJSON as the input line, unchanged; CSV as the row with an error column.
struct BatchRejectsFormat: Sendable {
    /// Written first (the CSV header row), if any.
    var header: String?
    /// The rejects file's text for a record not accepted (with its line end).
    var line: @Sendable (_ input: [UInt8], _ errors: [EndingError]) -> String

    static let ndjson = BatchRejectsFormat(header: nil) { input, _ in String(decoding: input + [0x0A], as: UTF8.self) }
}

/// `--format`: the input's format when its name does not say (`-`, or a name not ending `.csv`).
enum BatchInputFormat: String, ExpressibleByArgument, CaseIterable {
    case ndjson
    case csv

    /// `--format` when given; else `.csv` for a name ending `.csv` (any case), else NDJSON.
    static func of(file: String, format: BatchInputFormat?) -> BatchInputFormat {
        if let format { return format }
        return file.lowercased().hasSuffix(".csv") ? .csv : .ndjson
    }
}

/// NDJSON: one record per non-blank line.
struct BatchNDJSONSource: BatchRecordSource {
    var reader: NDJSONLineReader
    let rejectsFormat = BatchRejectsFormat.ndjson

    init(fd: Int32) { reader = NDJSONLineReader(fd: fd) }

    mutating func next() -> BatchSourceRecord? {
        guard let line = reader.next() else { return nil }
        return BatchSourceRecord(line: line.number, bytes: line.bytes, input: line.bytes,
                                 refusal: line.tooLong ? CLIMessage.batchLineTooLong.text : nil, isBlank: line.isBlank)
    }
}
