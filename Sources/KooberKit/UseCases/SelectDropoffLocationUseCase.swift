import Foundation

/// Chooses where the next ride goes.
public struct SelectDropoffLocationUseCase: Sendable {
    let userID: UserID
    let placeID: PlaceID
    let now: Date
    let rideRepository: any RideRepository

    public init(userID: UserID, placeID: PlaceID, now: Date, rideRepository: any RideRepository) {
        self.userID = userID
        self.placeID = placeID
        self.now = now
        self.rideRepository = rideRepository
    }

    /// Throws a `SelectDropoffLocationError` when the place is unknown or a ride is already on its way.
    public func run() async throws {
        let followed = try await FollowRide(userID: userID, now: now, rideRepository: rideRepository).run()
        if followed?.status.isInProgress == true { throw SelectDropoffLocationError.rideInProgress }
        do {
            try await rideRepository.chooseDropoff(userID: userID, placeID: placeID, at: now)
        } catch RideRepositoryError.unknownPlace {
            throw SelectDropoffLocationError.unknownPlace
        }
    }
}
