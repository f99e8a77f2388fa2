/// A date and a time of day on Sydney's wall clock, to the minute, as the Pick-up time's two fields give them.
public struct SydneyWallTime: Equatable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// From a date field's `yyyy-mm-dd` and a time field's `hh:mm` (24-hour, as browsers send them): exactly those
    /// shapes of ASCII digits, a real day of a year 2000–9999, 00:00–23:59; `nil` for anything else. Reads at most
    /// the ten and five bytes it needs, so no input can make it work harder or trap.
    public init?(date: String, time: String) {
        let dateBytes = Array(date.utf8.prefix(11))
        let timeBytes = Array(time.utf8.prefix(6))
        guard dateBytes.count == 10, dateBytes[4] == UInt8(ascii: "-"), dateBytes[7] == UInt8(ascii: "-"),
            timeBytes.count == 5, timeBytes[2] == UInt8(ascii: ":"),
            let year = Self.number(dateBytes[0..<4]), let month = Self.number(dateBytes[5..<7]),
            let day = Self.number(dateBytes[8..<10]), let hour = Self.number(timeBytes[0..<2]),
            let minute = Self.number(timeBytes[3..<5]),
            (2000...9999).contains(year), (1...12).contains(month),
            (1...Self.days(inMonth: month, of: year)).contains(day), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    /// `2026-11-28`, for a date field's value.
    public var dateField: String { "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))" }
    /// `09:30`, for a time field's value.
    public var timeField: String { "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))" }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// The decimal number of at most four ASCII digits; `nil` if any byte is not one.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
