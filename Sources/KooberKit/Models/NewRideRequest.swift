import Foundation

/// A ride about to be requested: everything but its id and status.
public struct NewRideRequest: Equatable, Sendable {
    public let userID: UserID
    public let pickup: Location
    public let dropoffID: PlaceID
    public let rideOptionID: String
    public let fareCents: Cents
    public let requestedAt: Date
    /// `--ride-clock-rate` at Confirm: the ride runs at it to the end, whatever later processes run at.
    public let clockRate: Double

    public init(
        userID: UserID, pickup: Location, dropoffID: PlaceID, rideOptionID: String, fareCents: Cents, requestedAt: Date,
        clockRate: Double = 1
    ) {
        self.userID = userID
        self.pickup = pickup
        self.dropoffID = dropoffID
        self.rideOptionID = rideOptionID
        self.fareCents = fareCents
        self.requestedAt = requestedAt
        self.clockRate = clockRate
    }
}
