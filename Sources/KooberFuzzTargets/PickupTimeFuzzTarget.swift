import KooberKit
import KooberWeb

/// Schedule's **Pick-up time**, a date and a time of day as a rider (or the API) sends them (`SydneyWallTime`, then
/// `SydneyTime`): the input is the date's bytes, a line break, the time's. Parsing never traps, accepts only exactly
/// `yyyy-mm-dd` and `hh:mm` of ASCII digits, writes back what it accepted byte for byte, and a wall time it accepts
/// is either one Sydney's clocks skip (only ever in the 2 am hour) or an instant that reads back as that wall time.
public struct PickupTimeFuzzTarget: FuzzTarget {
    public let name = "pickup-time"

    public init() {}

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let parts = input.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
        let date = String(decoding: parts.first ?? [], as: UTF8.self)
        let time = String(decoding: parts.count > 1 ? parts[1] : [], as: UTF8.self)
        guard let wall = SydneyWallTime(date: date, time: time) else { return }
        guard wall.dateField == date, wall.timeField == time else {
            throw FuzzFinding("\(date.debugDescription) \(time.debugDescription) was read as \(wall)")
        }
        guard let instant = SydneyTime.instant(of: wall) else {
            guard wall.hour == 2 else { throw FuzzFinding("\(date) \(time) has no instant outside the 2 am hour") }
            return
        }
        guard SydneyTime.wallTime(at: instant) == wall else {
            throw FuzzFinding("\(date) \(time) became \(instant), which reads \(SydneyTime.wallTime(at: instant))")
        }
        _ = PickupTimeText.text(for: instant)
    }
}
