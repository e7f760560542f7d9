import FormCore
import Testing
@testable import FormlineCLI

/// A report line written with its members in order says what the object form of it says once
/// sorted (`compactText`), for every combination of the members a line may hold. The object form
/// is how the line was made before: it is kept here as the reference.
@Suite struct BatchReportLineTests {
    @Test func theOrderedLineIsTheSortedObjectsText() {
        let statuses: [BatchOutcome.Status] = [.accepted, .valid, .refused, .rejected, .transportFailed, .notAttempted]
        for mask in 0..<(1 << 8) {
            func has(_ bit: Int) -> Bool { mask & (1 << bit) != 0 }
            var outcome = BatchOutcome(
                status: statuses[mask % statuses.count], id: has(0) ? "id \"7\"\n" : nil,
                errors: has(1) ? [EndingError(field: "age", message: "Too \\ young", line: nil), EndingError(field: nil, message: "\u{2028}x", line: 2)] : [],
                httpStatus: has(2) ? 422 : nil, resumed: has(3), key: has(4) ? "formline-batch-abc" : nil, queued: has(5), repaired: has(6))
            if has(7) { outcome.repairKey = "formline-repair-1" }
            let record = mask * 7 + 1, line = mask + 2
            #expect(outcome.reportText(record: record, line: line) == outcome.reportObject(record: record, line: line).compactText, "mask \(mask)")
        }
    }
}

extension BatchOutcome {
    /// `reportLine` as text, without its newline.
    func reportText(record: Int, line: Int) -> String {
        String(decoding: reportLine(record: record, line: line).dropLast(), as: UTF8.self)
    }

    /// The report line as an object, sorted when written.
    func reportObject(record: Int, line: Int) -> JSONValue {
        var members: [String: JSONValue] = [
            "record": .number(String(record)),
            "line": .number(String(line)),
            "status": .string(status.rawValue),
            "id": id.map { .string($0) } ?? .null,
            "errors": .array(errors.prefix(Self.listedErrors).map { error in
                .object(["field": error.field.map { .string($0) } ?? .null, "message": .string(withheld.scrub(error.message))])
            }),
        ]
        if let httpStatus { members["http_status"] = .number(String(httpStatus)) }
        if resumed { members["resumed"] = .bool(true) }
        if let key { members["key"] = .string(key) }
        if queued { members["queued"] = .bool(true) }
        if repaired { members["repaired"] = .bool(true) }
        if let repairKey { members["repair_key"] = .string(repairKey) }
        return .object(members)
    }
}
