/// Works out which step of pick-me-up the rider is at, from what storage holds.
public struct LoadRideStateUseCase: Sendable {
    let userID: UserID
    let rideRepository: any RideRepository

    public init(userID: UserID, rideRepository: any RideRepository) {
        self.userID = userID
        self.rideRepository = rideRepository
    }

    public func run() async throws -> RideState {
        if let ride = try await rideRepository.rideInProgress(userID: userID) { return .waitingForPickup(ride) }
        if let dropoff = try await rideRepository.chosenDropoff(userID: userID) {
            return .choosingRideOption(dropoff: dropoff)
        }
        return .choosingDropoff
    }
}
