import Foundation

/// **Cancel Ride** with a **Reason** on a live ride's page in Koober Ops (SPEC.md, "Koober Ops", **Rides**): a ride
/// finding, on its way, there or riding (`RideStatus.isInProgress`: Koober may stop a ride the rider may no longer
/// cancel) is cancelled free of charge, its animal freed where it stands, in one transaction with its audit row
/// (`cancelledRide`, target the ride), and marked so that the rider's pages say **Koober cancelled this ride**. Then the
/// dispatcher is told (`RideChangeSignal`), so open streams hear of it at once.
///
/// It races the ride's own progress (the clock finishing it, the rider's cancel, another member's) on the ride's
/// revision: exactly one change wins, and the loser writes nothing. Throws an `OpsRideError`, and then changes nothing
/// and writes no row.
public struct CancelRideByKooberUseCase: Sendable {
    let rideID: RideID
    let reason: String
    let member: StaffMember
    let now: Date
    let opsRides: any OpsRideRepository
    let rides: any RideRepository
    let signal: any RideChangeSignal

    public init(
        rideID: RideID, reason: String, member: StaffMember, now: Date, opsRides: any OpsRideRepository,
        rides: any RideRepository, signal: any RideChangeSignal
    ) {
        self.rideID = rideID
        self.reason = reason
        self.member = member
        self.now = now
        self.opsRides = opsRides
        self.rides = rides
        self.signal = signal
    }

    public func run() async throws -> Ride {
        guard member.role.permits(.rides) else { throw OpsRideError.notAllowed }
        let (checked, problem) = StaffReason.checkedOrProblem(reason)
        guard let reason = checked else { throw OpsRideError.invalid(amount: nil, reason: problem) }
        let audit = AuditEntry(by: member, .cancelledRide, target: .ride(rideID), reason: reason, at: now)
        // Worked out from one revision and applied only at it: a loss means the ride moved, so it is read again. Three
        // tries, as the rider's Cancel Ride.
        for _ in 0..<3 {
            guard let ride = try await rides.ride(id: rideID) else { throw OpsRideError.noSuchRide }
            guard let change = RideChange.cancelByKoober(ride, at: now) else {
                _ = try await AdvanceRide(ride: ride, now: now, rideRepository: rides).run()
                throw OpsRideError.notLive
            }
            if let cancelled = try await opsRides.cancel(change, audit: audit) {
                signal.ridesChanged()
                return cancelled
            }
        }
        throw OpsRideError.notLive
    }

}
