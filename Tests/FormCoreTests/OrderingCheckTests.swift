import FormCore
import Testing

/// `before` (strict) and `not_after` (non-strict) in every ordering.
@Suite struct OrderingCheckTests {
    func check(_ kind: CrossFieldCheck.Kind) -> CrossFieldCheck {
        CrossFieldCheck(kind: kind, first: "a", second: "b", field: "b", message: "m")
    }

    @Test func notAfterAllowsTheSameValue() {
        #expect(check(.notAfter).passes(.text("2024-02-29"), .text("2024-02-29")))
        #expect(check(.notAfter).passes(.text("2024-02-28"), .text("2024-02-29")))
        #expect(!check(.notAfter).passes(.text("2024-03-01"), .text("2024-02-29")))
        #expect(check(.notAfter).passes(.number("12.50"), .number("12.5")))
        #expect(!check(.notAfter).passes(.number("10"), .number("9.99")))
    }

    @Test func timesOrderByTimeOfDay() {
        #expect(check(.before).passes(.text("09:30"), .text("10:00")))
        #expect(!check(.before).passes(.text("10:00"), .text("10:00")))
        #expect(check(.notAfter).passes(.text("10:00"), .text("10:00")))
        #expect(!check(.notAfter).passes(.text("10:00:01"), .text("10:00")))
    }

    @Test func datetimesOrderByInstant() {
        // 14:30 in Oslo is 12:30 UTC: before 13:00 UTC, though the clock reads later.
        #expect(check(.before).passes(.text("2024-05-01T14:30:00+02:00"), .text("2024-05-01T13:00:00Z")))
        #expect(!check(.before).passes(.text("2024-05-01T14:30:00+02:00"), .text("2024-05-01T12:30:00Z")))
        #expect(check(.notAfter).passes(.text("2024-05-01T14:30:00+02:00"), .text("2024-05-01T12:30:00Z")))
        #expect(!check(.notAfter).passes(.text("2024-05-01T12:30:00.001Z"), .text("2024-05-01T12:30:00Z")))
    }

    @Test func kindNamesAsInFormFiles() {
        #expect(CrossFieldCheck.Kind.allCases.map(\.rawValue) == ["differ", "same", "before", "not_after"])
        #expect(CrossFieldCheck.Kind.allCases.filter(\.isOrdering) == [.before, .notAfter])
    }
}
