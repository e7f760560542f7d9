import FormCore
import FormTerminal
import Testing
@testable import FormlineCLI

/// `--repair` holds records not accepted until the walk: at most `BatchRepair.mostHeld` of them
/// and at most `BatchRepair.mostHeldBytes` of their bytes (a record may be 1 MiB), the rest going
/// to the rejects file as they come.
@Suite struct BatchHeldRecordsTests {
    @Test func recordsPastTheByteBoundAreNotHeld() {
        let report = BatchReport(sink: TerminalOutput(fd: -1), holding: 100, holdingBytes: 2_500)
        let refused = BatchOutcome(status: .refused, errors: [EndingError(field: "age", message: "Too young", line: nil)])
        for record in 1...5 {
            // 1,000 bytes of JSON each, and no input kept: two fit in 2,500 bytes, the third does not.
            report.add(refused, record: record, line: record, bytes: Array(repeating: UInt8(ascii: " "), count: 999) + [UInt8(ascii: "1")])
        }
        #expect(report.takeHeld().map(\.record) == [1, 2])
    }

    @Test func theCountBoundStillHolds() {
        let report = BatchReport(sink: TerminalOutput(fd: -1), holding: 3)
        let refused = BatchOutcome(status: BatchOutcome.Status.refused)
        for record in 1...5 { report.add(refused, record: record, line: record, bytes: [UInt8(ascii: "{"), UInt8(ascii: "}")]) }
        #expect(report.takeHeld().map { (held: BatchHeldRecord) in held.record } == [1, 2, 3])
    }
}
