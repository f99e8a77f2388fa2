import Foundation
import Timekeeping

/// The rules of SPEC.md's "Scheduled rides", each at its edge. The 15-minute and 10-minute leads and the 30-minute
/// wait are divided by the clock rate (as a ride's durations are); the 7 days and the 30 minutes between two bookings
/// are not.
public struct ScheduledRidePolicy: Sendable {
    /// The pick-up is at least this far ahead (÷ rate); exactly this far is allowed.
    public static let minimumLead: Duration = .seconds(15 * 60)
    /// The pick-up is at most this far ahead (not scaled); exactly this far is allowed.
    public static let maximumLead: Duration = .seconds(7 * 24 * 60 * 60)
    public static let maximumUpcoming = 3
    /// Two upcoming pick-ups are at least this far apart (not scaled); exactly this far apart is allowed.
    public static let minimumSpacing: Duration = .seconds(30 * 60)
    /// A scheduled ride starts this long (÷ rate) before its pick-up.
    public static let startLead: Duration = .seconds(10 * 60)
    /// It waits this long (÷ rate) after its start behind a ride in progress, then it is missed.
    public static let missWait: Duration = .seconds(30 * 60)

    public let clockRate: Double

    /// A rate that is not positive and finite is taken as 1 (the settings refuse one; this keeps the arithmetic safe).
    public init(clockRate: Double) {
        self.clockRate = clockRate.isFinite && clockRate > 0 ? clockRate : 1
    }

    public func startTime(pickupAt: Date) -> Date {
        pickupAt - Self.startLead / clockRate
    }

    public func missTime(pickupAt: Date) -> Date {
        startTime(pickupAt: pickupAt) + Self.missWait / clockRate
    }

    /// Whether `pickupAt` can be booked at `now` by a rider whose upcoming pick-ups are `upcoming`; the first rule
    /// broken, in the order the page names them (time first, then the rider's other bookings).
    public func refusal(pickupAt: Date, now: Date, upcoming: [Date]) -> ScheduledRideRefusal? {
        let lead = pickupAt.timeIntervalSince(now)
        if lead < (Self.minimumLead / clockRate).timeInterval { return .tooSoon }
        if lead > Self.maximumLead.timeInterval { return .tooFar }
        return Self.refusal(pickupAt: pickupAt, among: upcoming)
    }

    /// The two rules storage checks again in the booking's transaction, against the upcoming pick-ups stored then.
    public static func refusal(pickupAt: Date, among upcoming: [Date]) -> ScheduledRideRefusal? {
        if upcoming.count >= maximumUpcoming { return .tooManyUpcoming }
        if upcoming.contains(where: { abs($0.timeIntervalSince(pickupAt)) < minimumSpacing.timeInterval }) {
            return .tooClose
        }
        return nil
    }
}
