import Foundation

/// Sydney's wall clock (`Australia/Sydney`, daylight saving included): a date and a time of day as a rider types them
/// into an instant, and an instant as the wall time it reads (`wallTime(at:)`; its words are KooberWeb's
/// `PickupTimeText`).
///
/// Around the changes: a wall time that does not exist (the first Sunday of October, 2:00–2:59 am, skipped) is
/// refused; one that exists twice (the first Sunday of April, 2:00–2:59 am) is taken as its first occurrence, still
/// in daylight time (+11:00).
public enum SydneyTime {
    /// Sydney's zone, or `nil` in a build whose Foundation has no data for it (a static link that left out ICU's
    /// data): koober then refuses to start (`KooberSettings`), so whatever runs after start may use `timeZone`.
    public static let zone = TimeZone(identifier: "Australia/Sydney")

    /// Sydney's zone: the one place it is looked up, for booking and for every time shown to riders.
    public static var timeZone: TimeZone { zone ?? .gmt }

    /// Sydney's offsets from UTC: standard (AEST) and daylight (AEDT) time.
    private static let offsets = [11 * 3_600, 10 * 3_600]

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }()

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// The instant of a wall time in Sydney, or `nil` for one the clocks skip. Components out of range are the
    /// caller's to refuse first (`SydneyWallTime`).
    public static func instant(of wallTime: SydneyWallTime) -> Date? {
        let components = DateComponents(
            year: wallTime.year, month: wallTime.month, day: wallTime.day, hour: wallTime.hour,
            minute: wallTime.minute)
        guard let asIfUTC = utcCalendar.date(from: components) else { return nil }
        // The instant is the wall time less one of Sydney's offsets, whichever the zone really has then; daylight's
        // (the larger) first, so a time that exists twice is its earlier occurrence.
        for offset in offsets {
            let candidate = asIfUTC - TimeInterval(offset)
            if timeZone.secondsFromGMT(for: candidate) == offset { return candidate }
        }
        return nil
    }

    /// The wall time in Sydney at `instant`, to the minute.
    public static func wallTime(at instant: Date) -> SydneyWallTime {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return SydneyWallTime(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
            minute: parts.minute ?? 0)
    }
}
