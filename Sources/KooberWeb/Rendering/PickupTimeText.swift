import Foundation
import KooberKit

/// A scheduled ride's pick-up as a rider reads it, on the pages, in the mail and in Koober Cloud's `pickupShown`:
/// Sydney's wall time (`SydneyTime`) in words, "Sat 28 Nov at 9:30 am" (noon is 12:00 pm, midnight 12:00 am).
public enum PickupTimeText {
    public static func text(for instant: Date) -> String {
        let wall = SydneyTime.wallTime(at: instant)
        let weekday = (calendar.component(.weekday, from: instant) + 6) % 7
        let hour = wall.hour % 12 == 0 ? 12 : wall.hour % 12
        let minute = wall.minute < 10 ? "0\(wall.minute)" : "\(wall.minute)"
        let month = (1...12).contains(wall.month) ? months[wall.month - 1] : "?"
        return "\(weekdays[weekday]) \(wall.day) \(month) at \(hour):\(minute) \(wall.hour < 12 ? "am" : "pm")"
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = SydneyTime.timeZone
        return calendar
    }()
}
