import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTTP dates in IMF-fixdate form (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
///
/// Dates arrive from clients (`If-Modified-Since`), so parsing reads fixed positions, range-checks every field
/// before it is used, and computes the instant in `Int` with the proleptic Gregorian calendar: no C conversion, no
/// narrowing and no arithmetic that a field could make overflow (years are 1900…9999).
public enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let secondsPerDay = 86_400
    /// The years `parse` accepts.
    public static let years = 1900...9999

    /// The current second as an HTTP date, formatted once per second.
    ///
    /// Read from `CLOCK_REALTIME`, the clock `Date` reads: glibc's `time()` reads the coarse clock, which can lag it
    /// by a tick, so a date written just after a `Date()` could name the second before it.
    public static func now() -> String {
        var instant = timespec()
        clock_gettime(CLOCK_REALTIME, &instant)
        let second = instant.tv_sec
        return current.withLock { current in
            if current.second != second { current = (second, format(secondsSince1970: second)) }
            return current.text
        }
    }

    private static let current = Mutex((second: -1, text: ""))

    public static func format(secondsSince1970 seconds: Int) -> String {
        let (days, secondOfDay) = floorDivide(seconds, secondsPerDay)
        let (year, month, day) = civil(fromDays: days)
        let weekday = floorDivide(days + 4, 7).remainder  // 1970-01-01 was a Thursday
        return "\(weekdays[weekday]), \(twoDigits(day)) \(months[month - 1]) \(year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) GMT"
    }

    /// Parses an IMF-fixdate; other (obsolete) forms, and anything that is not exactly how `format` writes that
    /// instant (out-of-range fields, a wrong weekday, missing zeros, extra spaces), give `nil`, which callers
    /// treat as absent.
    public static func parse(_ string: String) -> Int? {
        // "Sun, 06 Nov 1994 08:49:37 GMT": 29 bytes, every field at a fixed place.
        let bytes = Array(string.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == UInt8(ascii: " "),
            bytes[7] == UInt8(ascii: " "), bytes[11] == UInt8(ascii: " "), bytes[16] == UInt8(ascii: " "),
            bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"), bytes[25...].elementsEqual(" GMT".utf8),
            let day = number(bytes[5..<7]), let year = number(bytes[12..<16]), let hour = number(bytes[17..<19]),
            let minute = number(bytes[20..<22]), let second = number(bytes[23..<25]),
            let monthIndex = months.firstIndex(where: { bytes[8..<11].elementsEqual($0.utf8) }),
            years.contains(year), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...59).contains(second)
        else { return nil }
        let days = self.days(fromYear: year, month: monthIndex + 1, day: day)
        let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second
        // Writing the instant back catches a day the month does not have (31 Feb) and a wrong weekday.
        return format(secondsSince1970: seconds) == string ? seconds : nil
    }

    /// `7` as `07`: for the fields of a date.
    static func twoDigits<Value: BinaryInteger>(_ value: Value) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// The value of a run of ASCII digits, or `nil` if any byte is not one (the runs here are 2 or 4 bytes long).
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let (era, yearOfEra) = floorDivide(shiftedYear, 400)
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`); `month` is 1…12.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let (era, dayOfEra) = floorDivide(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Division rounding toward minus infinity, with a remainder in `0..<divisor`.
    private static func floorDivide(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
