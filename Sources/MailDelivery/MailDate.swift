import Foundation

/// Dates as mail writes them (RFC 5322, 3.3), always in UTC: `Thu, 26 Nov 2026 20:47:28 +0000`.
enum MailDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func rfc5322(_ date: Date) -> String {
        let c = components(date)
        return "\(weekdays[c.weekday]), \(c.day) \(months[c.month - 1]) \(c.year) "
            + "\(twoDigits(c.hour)):\(twoDigits(c.minute)):\(twoDigits(c.second)) +0000"
    }

    /// `20261126T204728Z`: sorts as the dates do (for years 1000 to 9999).
    static func sortable(_ date: Date) -> String {
        let c = components(date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year, c.month, c.day, c.hour, c.minute, c.second)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// The civil date and time in UTC (Howard Hinnant's days-to-civil), clamped to years 1 to 9999.
    private static func components(
        _ date: Date
    ) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int) {
        let limit = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        let interval = date.timeIntervalSince1970.isFinite ? date.timeIntervalSince1970.rounded(.down) : 0
        let seconds = Int(min(max(interval, -62_135_596_800), limit))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60, weekday)
    }
}
