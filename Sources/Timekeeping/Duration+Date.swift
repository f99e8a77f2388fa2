import Foundation

/// Where a span of time meets an instant: every span in Koober is a `Duration`, and only here does it become
/// Foundation's `TimeInterval` (seconds as a `Double`), the one unit a `Date` moves by.
extension Duration {
    /// In seconds, as `TimeInterval` (attoseconds kept as the fraction).
    public var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Date {
    /// `duration` later.
    public static func + (date: Date, duration: Duration) -> Date {
        date.addingTimeInterval(duration.timeInterval)
    }

    /// `duration` earlier.
    public static func - (date: Date, duration: Duration) -> Date {
        date.addingTimeInterval(-duration.timeInterval)
    }
}
