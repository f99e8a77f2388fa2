import Foundation
import Timekeeping

/// The windows of SPEC.md's "After the ride": a finished ride can be rated for 7 days, its stars and compliments
/// changed for 24 hours after the first rating, and a finished or cancelled ride reported for 30 days.
public enum RideFeedbackPolicy {
    public static let ratingWindow: Duration = .seconds(7 * 24 * 60 * 60)
    public static let changeWindow: Duration = .seconds(24 * 60 * 60)
    public static let reportWindow: Duration = .seconds(30 * 24 * 60 * 60)

    /// Whether `ride` can be rated at `time`: finished, with its animal, at most 7 days ago.
    public static func canRate(_ ride: Ride, at time: Date) -> Bool {
        guard ride.status == .finished, ride.assignment != nil, let endedAt = ride.endedAt else { return false }
        return time.timeIntervalSince(endedAt) <= ratingWindow.timeInterval
    }

    /// Whether `rating`'s stars and compliments can still be changed at `time`.
    public static func canChange(_ rating: RideRating, at time: Date) -> Bool {
        time.timeIntervalSince(rating.firstRatedAt) <= changeWindow.timeInterval
    }

    /// Whether `ride` can be reported at `time`: finished or cancelled, at most 30 days ago.
    public static func canReport(_ ride: Ride, at time: Date) -> Bool {
        guard ride.status == .finished || ride.status == .cancelled, let endedAt = ride.endedAt else { return false }
        return time.timeIntervalSince(endedAt) <= reportWindow.timeInterval
    }
}
