import FormCore
import Testing

/// `min: today`, `max: today+N`, `exclusive_min: today-N` (issue 35 item 1): read as days from
/// the session's local date, resolved with the same moment as `default: today`.
@Suite struct ClockBoundTests {
    let moment = ClockDefault.moment("2026-11-26T20:15:00+01:00")

    @Test func readsTodayAndDayOffsets() {
        #expect(ClockBound("today") == ClockBound(days: 0))
        #expect(ClockBound("today+30") == ClockBound(days: 30))
        #expect(ClockBound("today-7") == ClockBound(days: -7))
        #expect(ClockBound("today+99999") == ClockBound(days: 99_999))
        for bad in ["today+", "today+x", "today+1d", "today 1", "today+100000", "today++1", "Today", "today-", "tomorrow", "today+１"] {
            #expect(ClockBound(bad) == nil, "\(bad)")
        }
        #expect(ClockBound.isMeant("today+x") && !ClockBound.isMeant("2026-01-01"))
        #expect(ClockBound(days: -7).description == "today-7" && ClockBound(days: 2).description == "today+2")
    }

    @Test func aDateBoundIsTheLocalDateDaysAway() throws {
        let at = try #require(moment)
        #expect(ClockBound(days: 0).date(at: at)?.description == "2026-11-26")
        #expect(ClockBound(days: 5).date(at: at)?.description == "2026-12-01")
        #expect(ClockBound(days: 96).date(at: at)?.description == "2027-03-02")
        #expect(ClockBound(days: -331).date(at: at)?.description == "2025-12-30")
        // Leap day: 2028-02-29 exists.
        #expect(ClockBound(days: 460).date(at: at)?.description == "2028-02-29")
        #expect(ClockBound(days: -99_999).date(at: at)?.description == "1753-02-11")
        // Past year 9999: no bound rather than a wrong one.
        let late = try #require(ClockDefault.moment("9999-12-31T12:00:00+00:00"))
        #expect(ClockBound(days: 0).date(at: late)?.description == "9999-12-31")
        #expect(ClockBound(days: 1).date(at: late) == nil)
    }

    @Test func aDatetimeBoundIsAWholeLocalDay() throws {
        let at = try #require(moment)
        func bound(lower: Bool, exclusive: Bool) -> String? {
            guard let r = ClockBound(days: 0).resolved(ordering: .instant, lower: lower, exclusive: exclusive, at: at),
                  case .instant(let t) = r.value else { return nil }
            return t.description + (r.isExclusive ? " exclusive" : "")
        }
        #expect(bound(lower: true, exclusive: false) == "2026-11-26T00:00:00+01:00")
        #expect(bound(lower: false, exclusive: false) == "2026-11-27T00:00:00+01:00 exclusive")
        #expect(bound(lower: true, exclusive: true) == "2026-11-27T00:00:00+01:00")
        #expect(bound(lower: false, exclusive: true) == "2026-11-26T00:00:00+01:00 exclusive")
        #expect(ClockBound(days: 0).resolved(ordering: .number, lower: true, exclusive: false, at: at) == nil)
    }

    @Test func theSessionsSpecRefusesADateAfterToday() throws {
        let at = try #require(moment)
        var birth = Field(name: "birth", label: "Date of birth", type: .date, defaultText: "2030-01-01")
        birth.maximumFromClock = ClockBound(days: 0)
        var visit = Field(name: "visit", type: .datetime)
        visit.minimumFromClock = ClockBound(days: 1)
        let spec = FormSpec(id: "p", fields: [birth, visit])
        #expect(spec.usesClock)
        let resolved = spec.resolvingClockDefaults(at: at)
        let field = resolved.fields[0]
        #expect(field.maxDate?.description == "2026-11-26")
        #expect(field.parse("2026-11-27").failureMessage == "Must be on or before 2026-11-26")
        #expect(field.parse("2026-11-26").failureMessage == nil)
        // A written default beyond the resolved bound is no default.
        #expect(field.defaultText == nil)
        #expect(resolved.fields[1].parse("2026-11-26T23:59:59+01:00").failureMessage == "Must be at or after 2026-11-27T00:00:00+01:00")
        // Resolved once: resolving the resolved spec again changes nothing.
        #expect(resolved.resolvingClockDefaults(at: try #require(ClockDefault.moment("2030-01-01T00:00:00+00:00"))) == resolved)
    }
}

private extension Result where Failure == ValueError {
    var failureMessage: String? { if case .failure(let e) = self { e.message } else { nil } }
}
