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

    public func run() async throws -> Result<Void, SelectDropoffLocationError> {
        if try await rideRepository.rideInProgress(userID: userID) != nil { return .failure(.rideInProgress) }
        do {
            try await rideRepository.chooseDropoff(userID: userID, placeID: placeID, at: now)
            return .success(())
        } catch RideRepositoryError.unknownPlace {
            return .failure(.unknownPlace)
        }
    }
}
