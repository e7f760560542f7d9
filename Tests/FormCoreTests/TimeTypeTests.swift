import FormCore
import Testing

/// `time` and `datetime`: accepted shapes, canonical text, messages, bounds and exact ordering.
@Suite struct TimeTypeTests {
    func ok(_ field: Field, _ input: String) -> FieldValue? { try? field.parse(input).get() }

    func error(_ field: Field, _ input: String) -> String? {
        if case .failure(let e) = field.parse(input) { return e.message }
        return nil
    }

    let time = Field(name: "t", type: .time)
    let stamp = Field(name: "s", type: .datetime)

    // MARK: Time

    @Test func timesAreZeroPaddedWithoutZeroSeconds() {
        #expect(ok(time, "09:30") == .text("09:30"))
        #expect(ok(time, "9:30") == .text("09:30"))
        #expect(ok(time, "09:30:00") == .text("09:30"))
        #expect(ok(time, "23:59:59") == .text("23:59:59"))
        #expect(ok(time, "00:00") == .text("00:00"))
    }

    @Test func timeMistakes() {
        let shape = "Enter a time as HH:MM or HH:MM:SS (24-hour), like 09:30"
        for bad in ["930", "9.30", "09:3", "09:30:5", "009:30", "09:30pm", "09:30:00:00", ":30", "９:30"] {
            #expect(error(time, bad) == shape, "\(bad)")
        }
        #expect(error(time, "24:00") == "24:00 is not a time of day (hours 00-23, minutes and seconds 00-59)")
        #expect(error(time, "12:60") == "12:60 is not a time of day (hours 00-23, minutes and seconds 00-59)")
        #expect(error(time, "12:00:60") == "12:00:60 is not a time of day (hours 00-23, minutes and seconds 00-59)")
    }

    @Test func timeBoundsSayAtOrAfter() {
        let f = Field(name: "t", type: .time, minimum: .time(TimeOfDay("09:00")!), maximum: .time(TimeOfDay("17:30")!))
        #expect(ok(f, "09:00") == .text("09:00"))
        #expect(ok(f, "17:30") == .text("17:30"))
        #expect(error(f, "08:59:59") == "Must be at or after 09:00")
        #expect(error(f, "17:30:01") == "Must be at or before 17:30")
    }

    // MARK: Datetime

    @Test func datetimesKeepTheirOffsetInCanonicalText() {
        #expect(ok(stamp, "2024-05-01T14:30:00Z") == .text("2024-05-01T14:30:00Z"))
        #expect(ok(stamp, "2024-05-01t14:30:00z") == .text("2024-05-01T14:30:00Z"))
        #expect(ok(stamp, "2024-05-01 14:30:00+02:00") == .text("2024-05-01T14:30:00+02:00"))
        #expect(ok(stamp, "2024-05-01T14:30:00.250-05:30") == .text("2024-05-01T14:30:00.250-05:30"))
        #expect(ok(stamp, "2024-05-01T14:30:00-00:00") == .text("2024-05-01T14:30:00-00:00"))
        #expect(ok(stamp, "2024-02-29T00:00:00Z") != nil)
    }

    @Test func datetimeMistakes() {
        let shape = "Enter a date and time like 2024-05-01T14:30:00Z or 2024-05-01T14:30:00+02:00"
        #expect(error(stamp, "2024-05-01T14:30Z") == "Add the seconds to the time, like 14:30:00", "the seconds missing is said (issue 35 item 6)")
        for bad in ["2024-05-01", "2024-05-01T14:30:00+0200", "2024-05-01T14:30:00.Z",
                    "2024-05-01T14:30:00.1234567890Z", "2024-05-01X14:30:00Z", "tomorrow"] {
            #expect(error(stamp, bad) == shape, "\(bad)")
        }
        #expect(error(stamp, "2024-05-01T14:30:00") == "Add the offset from UTC after the time: Z, or like +02:00")
        #expect(error(stamp, "2023-02-29T10:00:00Z") == "2023-02-29T10:00:00Z is not a real date and time")
        #expect(error(stamp, "2024-05-01T24:00:00Z") == "2024-05-01T24:00:00Z is not a real date and time")
        #expect(error(stamp, "2024-05-01T12:00:60Z") == "2024-05-01T12:00:60Z is not a real date and time")
        #expect(error(stamp, "2024-05-01T12:00:00+24:00") == "2024-05-01T12:00:00+24:00 is not a real date and time")
        #expect(error(stamp, "2024-13-01T12:00:00") == "2024-13-01T12:00:00 is not a real date and time")
    }

    @Test func instantsCompareExactlyAcrossOffsets() throws {
        func t(_ s: String) throws -> Timestamp { try #require(Timestamp(s)) }
        #expect(try t("2024-05-01T14:30:00+02:00") < t("2024-05-01T13:00:00Z"))
        #expect(try t("2024-05-01T12:30:00Z") == t("2024-05-01T14:30:00+02:00"))
        #expect(try t("2024-05-01T00:00:00-05:00") == t("2024-05-01T05:00:00Z"))
        #expect(try t("2024-05-01T12:00:00.5Z") == t("2024-05-01T12:00:00.500000000Z"))
        #expect(try t("2024-05-01T12:00:00.000000001Z") > t("2024-05-01T12:00:00Z"))
        #expect(try t("1969-12-31T23:59:59Z").epochSecond == -1)
        #expect(try t("2000-03-01T00:00:00Z").epochSecond == 951_868_800)
        #expect(try t("0001-01-01T00:00:00Z") < t("9999-12-31T23:59:59Z"))
    }

    @Test func datetimeBoundsCompareInstants() throws {
        let lo = try #require(Timestamp("2024-01-01T00:00:00Z"))
        let f = Field(name: "s", type: .datetime, minimum: .instant(lo))
        #expect(ok(f, "2024-01-01T01:00:00+01:00") == .text("2024-01-01T01:00:00+01:00"))
        #expect(error(f, "2024-01-01T00:59:59+01:00") == "Must be at or after 2024-01-01T00:00:00Z")
    }

    @Test func genericBoundsKeepTheOldTexts() {
        let n = Field(name: "n", type: .integer, minNumber: DecimalText("1"), maxNumber: DecimalText("5"))
        #expect(error(n, "0") == "Must be between 1 and 5" && error(n, "6") == "Must be between 1 and 5")
        #expect(n.minimum == .number(DecimalText("1")!) && n.minNumber == DecimalText("1") && n.minDate == nil)
        let d = Field(name: "d", type: .date, minDate: CalendarDate("2024-01-01"))
        #expect(error(d, "2023-12-31") == "Must be on or after 2024-01-01")
        #expect(d.minimum == .date(CalendarDate("2024-01-01")!) && d.minNumber == nil)
    }

    @Test func draftsRestoreThroughTheKind() {
        #expect(time.restore(.string("9:05")) == .text("09:05"))
        #expect(time.restore(.string("25:00")) == nil)
        #expect(stamp.restore(.bool(true)) == nil)
        #expect(Field(name: "m", type: .mac).restore(.string("001a.2b3c.4d5e")) == .text("00:1a:2b:3c:4d:5e"))
    }
}
