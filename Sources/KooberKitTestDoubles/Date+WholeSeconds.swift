import Foundation
import KooberKit

extension Date {
    /// This time rounded down to the whole second: what the SQLite repositories keep, so the in-memory ones
    /// answer exactly as they would.
    var wholeSeconds: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}

extension Date {
    /// This time rounded to the millisecond: what the SQLite repositories keep of a ride's timeline.
    var milliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}
