import Foundation

/// A ride a rider asked for.
public struct Ride: Equatable, Sendable {
    public enum Status: String, Sendable {
        /// Requested; the kangaroo is on its way. A rider has at most one ride in this state.
        case waitingForPickup = "waiting_for_pickup"
        /// The rider has moved on (Start New Ride).
        case finished
    }

    public let id: RideID
    public let userID: UserID
    public let pickup: Location
    public let dropoff: NamedLocation
    public let rideOptionID: String
    public let fareCents: Int
    public let requestedAt: Date
    public let status: Status

    public init(
        id: RideID, userID: UserID, pickup: Location, dropoff: NamedLocation, rideOptionID: String, fareCents: Int,
        requestedAt: Date, status: Status
    ) {
        self.id = id
        self.userID = userID
        self.pickup = pickup
        self.dropoff = dropoff
        self.rideOptionID = rideOptionID
        self.fareCents = fareCents
        self.requestedAt = requestedAt
        self.status = status
    }
}
