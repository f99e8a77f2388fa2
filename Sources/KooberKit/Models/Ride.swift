import Foundation

/// A ride a rider confirmed, as stored.
public struct Ride: Equatable, Sendable {
    public let id: RideID
    public let userID: UserID
    public let pickup: Location
    public let dropoff: NamedLocation
    public let rideOptionID: String
    /// The estimate shown at Confirm: what a finished ride charges (a cancelled one charges nothing).
    public let fareCents: Cents
    public let requestedAt: Date
    /// The status last stored; the clock may have moved the ride on since (`progress(at:)`).
    public let status: RideStatus
    /// How many times faster than real time this ride's animal hops and boards (`--ride-clock-rate`, at Confirm).
    public let clockRate: Double
    public let assignment: RideAssignment?
    /// When it finished or was cancelled.
    public let endedAt: Date?
    /// Changes whenever the stored ride does: a change is applied only to the revision it was worked out from, so
    /// two processes (or a dispatcher and a Cancel) never both move one ride. Never given twice, and greater at each
    /// change of one ride.
    public let revision: Int64
    /// Whether Koober Ops cancelled it (**Cancel Ride** on `/ops/rides/<id>`), not its rider: the rider's pages then
    /// say **Koober cancelled this ride**. Only ever true of a cancelled ride.
    public let cancelledByKoober: Bool
    /// Its share link, where the reader read it with the ride (pick-me-up's ride state); `.unread` elsewhere. Not part
    /// of the ride's identity: `==` ignores it.
    public var share: RideShareLookup = .unread

    public init(
        id: RideID, userID: UserID, pickup: Location, dropoff: NamedLocation, rideOptionID: String, fareCents: Cents,
        requestedAt: Date, status: RideStatus, clockRate: Double = 1, assignment: RideAssignment? = nil,
        endedAt: Date? = nil, revision: Int64 = 0, cancelledByKoober: Bool = false
    ) {
        self.id = id
        self.userID = userID
        self.pickup = pickup
        self.dropoff = dropoff
        self.rideOptionID = rideOptionID
        self.fareCents = fareCents
        self.requestedAt = requestedAt
        self.status = status
        self.clockRate = clockRate
        self.assignment = assignment
        self.endedAt = endedAt
        self.revision = revision
        self.cancelledByKoober = cancelledByKoober
    }

    public var rideOption: RideOption? { RideOption.withID(rideOptionID) }

    /// The ride with its animal's running total of stars as read with it (`RideAssignment.animalRating`).
    public func with(animalRating: AnimalRating?) -> Ride {
        var assignment = assignment
        assignment?.animalRating = animalRating
        var ride = Ride(
            id: id, userID: userID, pickup: pickup, dropoff: dropoff, rideOptionID: rideOptionID, fareCents: fareCents,
            requestedAt: requestedAt, status: status, clockRate: clockRate, assignment: assignment, endedAt: endedAt,
            revision: revision, cancelledByKoober: cancelledByKoober)
        ride.share = share
        return ride
    }

    /// The ride with its share link as read with it (`share`).
    public func with(share: RideShareLookup) -> Ride {
        var ride = self
        ride.share = share
        return ride
    }

    public static func == (lhs: Ride, rhs: Ride) -> Bool {
        lhs.id == rhs.id && lhs.userID == rhs.userID && lhs.pickup == rhs.pickup && lhs.dropoff == rhs.dropoff
            && lhs.rideOptionID == rhs.rideOptionID && lhs.fareCents == rhs.fareCents
            && lhs.requestedAt == rhs.requestedAt && lhs.status == rhs.status && lhs.clockRate == rhs.clockRate
            && lhs.assignment == rhs.assignment && lhs.endedAt == rhs.endedAt && lhs.revision == rhs.revision
            && lhs.cancelledByKoober == rhs.cancelledByKoober
    }

    /// "Wallaroo": the option's name (its id, should storage ever hold one Koober no longer has).
    public var rideOptionName: String { rideOption?.name ?? rideOptionID }

    /// What the ride costs the rider: the estimate once finished, nothing when cancelled.
    public var chargedCents: Cents { status == .cancelled ? .zero : fareCents }

    /// The great-circle distance from pick-up to drop-off.
    public var kilometres: Double { pickup.kilometres(to: dropoff.location) }

    /// Where the ride is at `time`, from what is stored and the clock.
    public func timeline() -> RideTimeline? {
        assignment.map { RideTimeline(ride: self, assignment: $0) }
    }

    public func progress(at time: Date) -> RideProgress {
        guard status.isInProgress, let timeline = timeline() else { return RideProgress(status: status) }
        return timeline.progress(at: time, storedStatus: status)
    }
}
