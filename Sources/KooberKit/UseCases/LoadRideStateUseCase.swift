import Foundation

/// Works out which step of pick-me-up the rider is at, from what storage holds, with a followed ride brought up to
/// the clock. The state may have been read already, with the rider's session (`SessionRideStateRepository`).
public struct LoadRideStateUseCase: Sendable {
    let userID: UserID
    let now: Date
    let rideRepository: any RideRepository
    let readWithSession: RideState?

    public init(userID: UserID, now: Date, rideRepository: any RideRepository, readWithSession: RideState? = nil) {
        self.userID = userID
        self.now = now
        self.rideRepository = rideRepository
        self.readWithSession = readWithSession
    }

    public func run() async throws -> RideState {
        let state: RideState
        if let readWithSession {
            state = readWithSession
        } else {
            state = try await rideRepository.rideState(userID: userID)
        }
        guard case .following(let ride) = state else { return state }
        return .following(try await AdvanceRide(ride: ride, now: now, rideRepository: rideRepository).run())
    }
}
