import Foundation

/// A change to one stored ride, worked out from one revision of it: storage applies it only if the ride is still at
/// that revision (and, for an assignment, only if the animal is still free), so whoever works from a stale ride
/// loses and nothing moves twice.
public struct RideChange: Equatable, Sendable {
    /// An animal a change frees, and where it now stands.
    public struct FreedAnimal: Equatable, Sendable {
        public let id: AnimalID
        public let location: Location
    }

    public let rideID: RideID
    public let expectedRevision: Int64
    public let status: RideStatus
    /// The statuses reached, with their times, to add to the ride's history.
    public let events: [RideEvent]
    /// Set when the ride gets its animal.
    public let assignment: RideAssignment?
    /// When the clock next moves the ride on (the dispatcher's next look), `nil` once nothing is due.
    public let nextEventAt: Date?
    public let endedAt: Date?
    public let freedAnimal: FreedAnimal?
    /// Koober Ops cancelled the ride (`cancelByKoober`): storage marks it so (`Ride.cancelledByKoober`).
    public let cancelledByKoober: Bool
    /// The receipt to queue with the change, in its transaction, if the rider's email is confirmed (a finished
    /// ride's; `AdvanceRidesUseCase` draws it).
    public private(set) var receipt: OutgoingMail?

    init(
        ride: Ride, status: RideStatus, events: [RideEvent], assignment: RideAssignment? = nil, nextEventAt: Date?,
        endedAt: Date? = nil, freedAnimal: FreedAnimal? = nil, cancelledByKoober: Bool = false
    ) {
        rideID = ride.id
        expectedRevision = ride.revision
        self.status = status
        self.events = events
        self.assignment = assignment
        self.nextEventAt = nextEventAt
        self.endedAt = endedAt
        self.freedAnimal = freedAnimal
        self.cancelledByKoober = cancelledByKoober
    }

    /// The change with `receipt` to queue in its transaction, queued at the ride's end; a change that does not end the
    /// ride queues none.
    public func queueing(_ receipt: OutgoingMail) -> RideChange {
        guard endedAt != nil else { return self }
        var change = self
        change.receipt = receipt
        return change
    }

    /// `ride` (finding) gets `animal` at `time`.
    public static func assign(_ ride: Ride, animal: Animal, at time: Date) -> RideChange {
        let assignment = RideAssignment(
            animalID: animal.id, animalName: animal.name, assignedAt: time, start: animal.location)
        let timeline = RideTimeline(ride: ride, assignment: assignment)
        return RideChange(
            ride: ride, status: .onTheWay, events: [RideEvent(status: .onTheWay, at: time)], assignment: assignment,
            nextEventAt: timeline.nextEvent(after: time)
        )
    }

    /// `ride` moved on to where the clock says it is at `time`; `nil` when nothing is due.
    public static func advance(_ ride: Ride, to time: Date) -> RideChange? {
        guard ride.status.isInProgress, let assignment = ride.assignment, let timeline = ride.timeline() else {
            return nil
        }
        let reached = timeline.events.filter { $0.at <= time && $0.status > ride.status }
        guard let last = reached.last else { return nil }
        let finished = last.status == .finished
        return RideChange(
            ride: ride, status: last.status, events: reached,
            nextEventAt: finished ? nil : timeline.nextEvent(after: time), endedAt: finished ? last.at : nil,
            freedAnimal: finished ? FreedAnimal(id: assignment.animalID, location: ride.dropoff.location) : nil
        )
    }

    /// `ride` cancelled at `time`, with the statuses the clock brought before it; `nil` once it can no longer be
    /// cancelled (riding or over by the clock).
    public static func cancel(_ ride: Ride, at time: Date) -> RideChange? {
        let progress = ride.progress(at: time)
        guard progress.status.isCancellable else { return nil }
        return cancelled(ride, at: time, progress: progress, byKoober: false)
    }

    /// `ride` cancelled by Koober Ops at `time` (**Cancel Ride** on `/ops/rides/<id>`): free of charge like the rider's
    /// own, with the statuses the clock brought before it, but from any live status, `riding` too (the animal is freed
    /// where it stands on the route); `nil` once the ride is over by the clock.
    public static func cancelByKoober(_ ride: Ride, at time: Date) -> RideChange? {
        let progress = ride.progress(at: time)
        guard progress.status.isInProgress else { return nil }
        return cancelled(ride, at: time, progress: progress, byKoober: true)
    }

    private static func cancelled(_ ride: Ride, at time: Date, progress: RideProgress, byKoober: Bool) -> RideChange {
        let reached = ride.timeline()?.events.filter { $0.at <= time && $0.status > ride.status } ?? []
        return RideChange(
            ride: ride, status: .cancelled, events: reached + [RideEvent(status: .cancelled, at: time)],
            nextEventAt: nil, endedAt: time,
            freedAnimal: ride.assignment.map { FreedAnimal(id: $0.animalID, location: progress.position ?? $0.start) },
            cancelledByKoober: byKoober
        )
    }
}
