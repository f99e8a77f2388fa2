import Foundation

/// The ride a rider's stream follows, brought up to the clock; `nil` when they follow none.
public struct LoadLiveRideUseCase: Sendable {
    let userID: UserID
    let now: Date
    let rideRepository: any RideRepository

    public init(userID: UserID, now: Date, rideRepository: any RideRepository) {
        self.userID = userID
        self.now = now
        self.rideRepository = rideRepository
    }

    public func run() async throws -> RideRecord? {
        guard let ride = try await FollowRide(userID: userID, now: now, rideRepository: rideRepository).run() else {
            return nil
        }
        return RideRecord(ride: ride, events: try await rideRepository.events(rideID: ride.id))
    }
}
