import Foundation
import KooberKit
import Testing

/// Sydney's wall clock, `Australia/Sydney`: 2026's daylight time ends on Sunday 5 April (3:00 am AEDT becomes
/// 2:00 am AEST, so 2:00–2:59 am happen twice) and begins on Sunday 4 October (2:00 am AEST becomes 3:00 am AEDT,
/// so 2:00–2:59 am never happen).
struct SydneyTimeTests {
    /// An instant from its UTC wall time.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    static func sydney(_ date: String, _ time: String) -> Date? {
        SydneyWallTime(date: date, time: time).flatMap(SydneyTime.instant(of:))
    }

    @Test func theZoneIsThereOnThisMachine() {
        #expect(TimeZone(identifier: "Australia/Sydney") != nil)
    }

    @Test func aSummerTimeIsElevenHoursAheadOfUTC() throws {
        let instant = try #require(Self.sydney("2026-11-28", "09:30"))
        #expect(instant == Self.utc(2026, 11, 27, 22, 30))
    }

    @Test func aWinterTimeIsTenHoursAhead() throws {
        let instant = try #require(Self.sydney("2026-07-01", "18:05"))
        #expect(instant == Self.utc(2026, 7, 1, 8, 5))
        #expect(SydneyTime.wallTime(at: instant) == SydneyWallTime(date: "2026-07-01", time: "18:05"))
    }

    @Test func theHourTheClocksSkipInOctoberDoesNotExist() throws {
        #expect(Self.sydney("2026-10-04", "02:00") == nil)
        #expect(Self.sydney("2026-10-04", "02:30") == nil)
        #expect(Self.sydney("2026-10-04", "02:59") == nil)
        // Either side of it, each exists once.
        #expect(Self.sydney("2026-10-04", "01:59") == Self.utc(2026, 10, 3, 15, 59))
        #expect(Self.sydney("2026-10-04", "03:00") == Self.utc(2026, 10, 3, 16, 0))
    }

    @Test func theHourThatHappensTwiceInAprilIsTakenAsItsFirstOccurrenceInDaylightTime() throws {
        let first = try #require(Self.sydney("2026-04-05", "02:30"))
        #expect(first == Self.utc(2026, 4, 4, 15, 30))  // +11:00, an hour before the second 2:30
        #expect(Self.sydney("2026-04-05", "02:00") == Self.utc(2026, 4, 4, 15, 0))
        #expect(Self.sydney("2026-04-05", "03:00") == Self.utc(2026, 4, 4, 17, 0))
        // Both occurrences read the same on the wall.
        #expect(SydneyTime.wallTime(at: first) == SydneyWallTime(date: "2026-04-05", time: "02:30"))
        #expect(SydneyTime.wallTime(at: first + 3_600) == SydneyWallTime(date: "2026-04-05", time: "02:30"))
    }

    @Test func aWallTimeReadsBackAsItsFields() throws {
        let wall = SydneyTime.wallTime(at: Self.utc(2026, 11, 27, 22, 30))
        #expect(wall.dateField == "2026-11-28")
        #expect(wall.timeField == "09:30")
    }

    @Test(arguments: [
        ("2026-02-29", "09:00"), ("2028-02-30", "09:00"), ("2026-13-01", "09:00"), ("2026-00-10", "09:00"),
        ("2026-11-31", "09:00"), ("1999-12-31", "09:00"), ("26-11-28", "09:00"), ("2026/11/28", "09:00"),
        ("2026-11-28", "24:00"), ("2026-11-28", "09:60"), ("2026-11-28", "9:30"), ("2026-11-28", "09:30:00"),
        ("2026-11-28", "09:3a"), ("２０２６-11-28", "09:30"), ("2026-11-28 ", "09:30"), ("", ""),
        ("+026-11-28", "09:30"), ("2026-11-28", "-9:30"),
    ])
    func anythingButARealDayAndTimeOfTheFieldsShapesIsRefused(date: String, time: String) {
        #expect(SydneyWallTime(date: date, time: time) == nil)
    }

    @Test func aLeapDayIsADay() {
        #expect(SydneyWallTime(date: "2028-02-29", time: "23:59") != nil)
        #expect(SydneyWallTime(date: "2000-02-29", time: "00:00") != nil)
        #expect(SydneyWallTime(date: "2100-02-29", time: "00:00") == nil)
    }
}
