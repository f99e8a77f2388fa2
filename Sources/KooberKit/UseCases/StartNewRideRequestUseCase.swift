/// Start New Ride: the ride on its way is done with, and the rider begins again at step 1.
public struct StartNewRideRequestUseCase: Sendable {
    let userID: UserID
    let rideRepository: any RideRepository

    public init(userID: UserID, rideRepository: any RideRepository) {
        self.userID = userID
        self.rideRepository = rideRepository
    }

    public func run() async throws {
        try await rideRepository.startNewRide(userID: userID)
    }
}
