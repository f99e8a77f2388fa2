import Foundation

/// A ride's page in Koober Ops (`/ops/rides/<id>`): the ride brought up to the clock first (a status due and not yet
/// stored is stored, as the rider's page does), then read with its rider, history, tip and refund. Throws
/// `OpsRideError.notAllowed` for a member whose role may not see rides, `.noSuchRide` without the ride. A look at a
/// ride is not audited (SPEC.md audits looks at riders' pages).
public struct LookAtRideUseCase: Sendable {
    let rideID: RideID
    let member: StaffMember
    let now: Date
    let opsRides: any OpsRideRepository
    let rides: any RideRepository

    public init(
        rideID: RideID, member: StaffMember, now: Date, opsRides: any OpsRideRepository, rides: any RideRepository
    ) {
        self.rideID = rideID
        self.member = member
        self.now = now
        self.opsRides = opsRides
        self.rides = rides
    }

    public func run() async throws -> OpsRide {
        guard member.role.permits(.rides) else { throw OpsRideError.notAllowed }
        guard let ride = try await rides.ride(id: rideID) else { throw OpsRideError.noSuchRide }
        _ = try await AdvanceRide(ride: ride, now: now, rideRepository: rides).run()
        guard let opsRide = try await opsRides.opsRide(id: rideID) else { throw OpsRideError.noSuchRide }
        return opsRide
    }
}
