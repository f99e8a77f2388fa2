/// Works out which step of pick-me-up the rider is at, from what storage holds.
public struct LoadRideStateUseCase: Sendable {
    let userID: UserID
    let rideRepository: any RideRepository

    public init(userID: UserID, rideRepository: any RideRepository) {
        self.userID = userID
        self.rideRepository = rideRepository
    }

    public func run() async throws -> RideState {
        try await rideRepository.rideState(userID: userID)
    }
}
