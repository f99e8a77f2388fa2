import Foundation

/// A ride booked for later, as stored.
public struct ScheduledRide: Equatable, Sendable {
    public let id: ScheduledRideID
    public let userID: UserID
    public let pickup: Location
    public let dropoff: NamedLocation
    public let rideOptionID: String
    /// The estimate at booking, fixed: the started ride charges it.
    public let fareCents: Cents
    public let pickupAt: Date
    public let bookedAt: Date
    public let clockRate: Double
    public let status: ScheduledRideStatus

    public init(
        id: ScheduledRideID, userID: UserID, pickup: Location, dropoff: NamedLocation, rideOptionID: String,
        fareCents: Cents, pickupAt: Date, bookedAt: Date, clockRate: Double, status: ScheduledRideStatus
    ) {
        self.id = id
        self.userID = userID
        self.pickup = pickup
        self.dropoff = dropoff
        self.rideOptionID = rideOptionID
        self.fareCents = fareCents
        self.pickupAt = pickupAt
        self.bookedAt = bookedAt
        self.clockRate = clockRate
        self.status = status
    }

    /// "Wallaroo": the option's name (its id, should storage ever hold one Koober no longer has).
    public var rideOptionName: String { RideOption.withID(rideOptionID)?.name ?? rideOptionID }

    public var startAt: Date { ScheduledRidePolicy(clockRate: clockRate).startTime(pickupAt: pickupAt) }
    public var missAt: Date { ScheduledRidePolicy(clockRate: clockRate).missTime(pickupAt: pickupAt) }

    /// The ride request it starts as at `time`: as if Confirm had been pressed then, with the booked fare.
    public func rideRequest(at time: Date) -> NewRideRequest {
        NewRideRequest(
            userID: userID, pickup: pickup, dropoffID: dropoff.id, rideOptionID: rideOptionID, fareCents: fareCents,
            requestedAt: time, clockRate: clockRate)
    }
}
