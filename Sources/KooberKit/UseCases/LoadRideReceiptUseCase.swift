/// A ride's receipt: the rider's own ride with its history; `nil` for another rider's ride or one that doesn't
/// exist (both a 404: whether a ride exists is not told to anyone else).
public struct LoadRideReceiptUseCase: Sendable {
    let userID: UserID
    let rideID: RideID
    let rideRepository: any RideRepository

    public init(userID: UserID, rideID: RideID, rideRepository: any RideRepository) {
        self.userID = userID
        self.rideID = rideID
        self.rideRepository = rideRepository
    }

    public func run() async throws -> RideRecord? {
        guard let ride = try await rideRepository.ride(id: rideID), ride.userID == userID else { return nil }
        return RideRecord(ride: ride, events: try await rideRepository.events(rideID: ride.id))
    }
}
