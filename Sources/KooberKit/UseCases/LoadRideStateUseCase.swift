import Foundation

/// Works out which step of pick-me-up the rider is at, from what storage holds, with a followed ride brought up to
/// the clock.
public struct LoadRideStateUseCase: Sendable {
    let userID: UserID
    let now: Date
    let rideRepository: any RideRepository

    public init(userID: UserID, now: Date, rideRepository: any RideRepository) {
        self.userID = userID
        self.now = now
        self.rideRepository = rideRepository
    }

    public func run() async throws -> RideState {
        let state = try await rideRepository.rideState(userID: userID)
        guard case .following(let ride) = state else { return state }
        return .following(try await AdvanceRide(ride: ride, now: now, rideRepository: rideRepository).run())
    }
}
