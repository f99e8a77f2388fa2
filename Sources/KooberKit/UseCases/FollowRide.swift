import Foundation

/// The rider's followed ride, brought up to the clock: if a status is due that the dispatcher has not stored yet, it
/// is stored now, so what a page shows is also what storage says.
struct FollowRide: Sendable {
    let userID: UserID
    let now: Date
    let rideRepository: any RideRepository

    func run() async throws -> Ride? {
        guard let ride = try await rideRepository.followedRide(userID: userID) else { return nil }
        return try await AdvanceRide(ride: ride, now: now, rideRepository: rideRepository).run()
    }
}

/// One ride brought up to the clock.
struct AdvanceRide: Sendable {
    let ride: Ride
    let now: Date
    let rideRepository: any RideRepository

    func run() async throws -> Ride {
        guard let change = RideChange.advance(ride, to: now) else { return ride }
        if let advanced = try await rideRepository.apply(change) { return advanced }
        // Someone else (the dispatcher, another process) moved it first: theirs is the stored ride.
        return try await rideRepository.ride(id: ride.id) ?? ride
    }
}
