/// The rider's rides for My Profile, newest first.
public struct LoadRideHistoryUseCase: Sendable {
    let userID: UserID
    let rideRepository: any RideRepository

    public init(userID: UserID, rideRepository: any RideRepository) {
        self.userID = userID
        self.rideRepository = rideRepository
    }

    public func run() async throws -> [Ride] {
        try await rideRepository.rides(userID: userID)
    }
}
