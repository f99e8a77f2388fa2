import Foundation

/// A ride's future, once it has an animal: the animal hops at 24 km/h (times the ride's clock rate) along the
/// great-circle line to the pick-up, waits a minute while the rider boards, then hops to the drop-off. Everything
/// follows from what is stored, so every process, and a restarted one, sees the same ride at the same moment.
public struct RideTimeline: Sendable {
    /// Koober's animals hop at 24 km/h.
    public static let kilometresPerHour = 24.0
    /// Boarding takes a minute.
    public static let boardingSeconds = 60.0

    public let assignedAt: Date
    public let start: Location
    public let pickup: Location
    public let dropoff: Location
    public let clockRate: Double
    /// When the animal reaches the pick-up (`arrived`).
    public let arrivesAtPickup: Date
    /// When the rider has boarded and the ride sets off (`riding`).
    public let departsPickup: Date
    /// When the animal reaches the drop-off (`finished`).
    public let arrivesAtDropoff: Date

    init(ride: Ride, assignment: RideAssignment) {
        assignedAt = assignment.assignedAt
        start = assignment.start
        pickup = ride.pickup
        dropoff = ride.dropoff.location
        clockRate = ride.clockRate > 0 ? ride.clockRate : 1
        let kilometresPerSecond = Self.kilometresPerHour / 3600 * clockRate
        arrivesAtPickup = assignedAt + start.kilometres(to: pickup) / kilometresPerSecond
        departsPickup = arrivesAtPickup + Self.boardingSeconds / clockRate
        arrivesAtDropoff = departsPickup + pickup.kilometres(to: dropoff) / kilometresPerSecond
    }

    /// The statuses the clock brings, each with its time, in order.
    public var events: [RideEvent] {
        [
            RideEvent(status: .onTheWay, at: assignedAt),
            RideEvent(status: .arrived, at: arrivesAtPickup),
            RideEvent(status: .riding, at: departsPickup),
            RideEvent(status: .finished, at: arrivesAtDropoff),
        ]
    }

    /// The status the clock says at `time` (never behind `storedStatus`).
    public func status(at time: Date, storedStatus: RideStatus = .onTheWay) -> RideStatus {
        let reached = events.last { $0.at <= time }?.status ?? .onTheWay
        return max(reached, storedStatus)
    }

    /// When the clock next changes the status after `time`, if it still will.
    public func nextEvent(after time: Date) -> Date? {
        events.first { $0.at > time }?.at
    }

    public func progress(at time: Date, storedStatus: RideStatus = .onTheWay) -> RideProgress {
        switch status(at: time, storedStatus: storedStatus) {
        case .onTheWay:
            return hop(.onTheWay, from: start, at: assignedAt, to: pickup, at: arrivesAtPickup, now: time)
        case .arrived:
            return RideProgress(status: .arrived, position: pickup)
        case .riding:
            return hop(.riding, from: pickup, at: departsPickup, to: dropoff, at: arrivesAtDropoff, now: time)
        case let status:
            return RideProgress(status: status)
        }
    }

    /// The simulated duration of the trip itself, pick-up to drop-off.
    public var ridingSeconds: Double {
        arrivesAtDropoff.timeIntervalSince(departsPickup) * clockRate
    }

    /// The animal `now` on its hop from `origin` (left at `leaving`) to `destination` (reached at `reaching`).
    private func hop(
        _ status: RideStatus, from origin: Location, at leaving: Date, to destination: Location, at reaching: Date,
        now time: Date
    ) -> RideProgress {
        RideProgress(
            status: status,
            position: origin.interpolated(to: destination, fraction: fraction(time, from: leaving, to: reaching)),
            etaSeconds: simulatedSeconds(from: time, to: reaching)
        )
    }

    private func fraction(_ time: Date, from start: Date, to end: Date) -> Double {
        let total = end.timeIntervalSince(start)
        guard total > 0 else { return 1 }
        return min(max(time.timeIntervalSince(start) / total, 0), 1)
    }

    private func simulatedSeconds(from time: Date, to end: Date) -> Double {
        max(end.timeIntervalSince(time), 0) * clockRate
    }
}
