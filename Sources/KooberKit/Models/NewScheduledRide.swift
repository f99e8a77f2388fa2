import Foundation

/// A booking about to be stored: everything but its id and status. Its start and miss times are worked out once,
/// at booking, with the clock rate then (`ScheduledRidePolicy`), so later processes at another rate do not move them.
public struct NewScheduledRide: Equatable, Sendable {
    public let userID: UserID
    public let pickup: Location
    public let dropoffID: PlaceID
    public let rideOptionID: String
    /// The estimate at booking: what the ride charges once it finishes.
    public let fareCents: Cents
    /// When the rider is to be picked up (an instant; shown in Sydney's time).
    public let pickupAt: Date
    public let bookedAt: Date
    /// `--ride-clock-rate` at booking: the leads and the wait are divided by it, and the ride runs at it.
    public let clockRate: Double

    public init(
        userID: UserID, pickup: Location, dropoffID: PlaceID, rideOptionID: String, fareCents: Cents, pickupAt: Date,
        bookedAt: Date, clockRate: Double = 1
    ) {
        self.userID = userID
        self.pickup = pickup
        self.dropoffID = dropoffID
        self.rideOptionID = rideOptionID
        self.fareCents = fareCents
        self.pickupAt = pickupAt
        self.bookedAt = bookedAt
        self.clockRate = clockRate
    }

    /// 10 minutes (÷ the clock rate) before the pick-up.
    public var startAt: Date { ScheduledRidePolicy(clockRate: clockRate).startTime(pickupAt: pickupAt) }
    /// 30 minutes (÷ the clock rate) after the start.
    public var missAt: Date { ScheduledRidePolicy(clockRate: clockRate).missTime(pickupAt: pickupAt) }
}
