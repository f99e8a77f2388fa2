import Foundation
import KooberKit

/// A scheduled ride's pick-up as a rider reads it, on the pages, in the mail and in Koober Cloud's `pickupShown`:
/// Sydney's wall time (`SydneyTime`) in words, "Sat 28 Nov at 9:30 am" (noon is 12:00 pm, midnight 12:00 am). Its
/// parts say Koober Ops' times too: the day (`weekday(for:)`), the time of day (`timeOfDay(for:)`) and the hour
/// (`hour(for:)`).
public enum PickupTimeText {
    /// The pick-up in `language`'s way: English as above; the others as Foundation writes Sydney's wall time in them
    /// (the weekday, the day and month, the time of day).
    public static func text(for instant: Date, in language: Language) -> String {
        guard language != .english else { return text(for: instant) }
        return instant.formatted(
            Date.FormatStyle(locale: language.locale, calendar: calendar, timeZone: SydneyTime.timeZone)
                .weekday(.abbreviated).day().month(.abbreviated).hour().minute())
    }

    public static func text(for instant: Date) -> String {
        let wall = SydneyTime.wallTime(at: instant)
        let month = (1...12).contains(wall.month) ? months[wall.month - 1] : "?"
        return "\(weekday(for: instant)) \(wall.day) \(month) at \(timeOfDay(wall))"
    }

    /// "9:30 am", Sydney's time of day at `instant`.
    public static func timeOfDay(for instant: Date) -> String {
        timeOfDay(SydneyTime.wallTime(at: instant))
    }

    /// "9 am", Sydney's hour at `instant` (its minutes left out).
    public static func hour(for instant: Date) -> String {
        let wall = SydneyTime.wallTime(at: instant)
        return "\(twelveHour(wall)) \(meridiem(wall))"
    }

    /// "Sat", Sydney's day of the week at `instant`.
    public static func weekday(for instant: Date) -> String {
        weekdays[(calendar.component(.weekday, from: instant) + 6) % 7]
    }

    private static func timeOfDay(_ wall: SydneyWallTime) -> String {
        let minute = wall.minute < 10 ? "0\(wall.minute)" : "\(wall.minute)"
        return "\(twelveHour(wall)):\(minute) \(meridiem(wall))"
    }

    private static func twelveHour(_ wall: SydneyWallTime) -> Int {
        wall.hour % 12 == 0 ? 12 : wall.hour % 12
    }

    private static func meridiem(_ wall: SydneyWallTime) -> String {
        wall.hour < 12 ? "am" : "pm"
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = SydneyTime.timeZone
        return calendar
    }()
}
