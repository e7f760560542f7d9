import FormCore
import FormFiles
import Testing

/// `min` / `max` (and the exclusive forms) as `today`, `today+N`, `today-N` on date and datetime
/// fields: kept for the session's clock; malformed ones refused where they stand.
@Suite struct ClockBoundReaderTests {
    @Test func todayBoundsAreKeptUnresolved() throws {
        let spec = try #require(loadedForm(form("""
              - { name: birth, type: date, min: 1900-01-01, max: today }
              - { name: visit, type: datetime, exclusive_min: today-1, max: today+90 }
            """)))
        let birth = try #require(spec.field(named: "birth")), visit = try #require(spec.field(named: "visit"))
        #expect(birth.minDate?.description == "1900-01-01" && birth.maximum == nil)
        #expect(birth.maximumFromClock == ClockBound(days: 0))
        #expect(visit.minimumFromClock == ClockBound(days: -1) && visit.minimumIsExclusive)
        #expect(visit.maximumFromClock == ClockBound(days: 90) && !visit.maximumIsExclusive)
        #expect(spec.usesClock)
    }

    @Test func malformedTodayBoundsAreRefusedWithTheirPosition() {
        #expect(errorLines(form("  - { name: d, type: date, max: today+x }\n"))
            == ["t.yaml:3:33: max must be today, today+N or today-N (N days up to 99999), not \"today+x\""])
        #expect(errorLines(form("  - { name: d, type: datetime, exclusive_min: today+1000000 }\n"))
            == ["t.yaml:3:47: exclusive_min must be today, today+N or today-N (N days up to 99999), not \"today+1000000\""])
        // Both ends from the clock: their order is known when the form is read.
        #expect(errorLines(form("  - { name: d, type: date, min: today+5, max: today }\n"))
            == ["t.yaml:3:33: min today+5 and max today leave no value between them"])
        // Only dates and datetimes take `today`; a time keeps its own message.
        #expect(errorLines(form("  - { name: t, type: time, max: today }\n"))
            == ["t.yaml:3:33: max must be a time as HH:MM or HH:MM:SS, not \"today\""])
    }
}
