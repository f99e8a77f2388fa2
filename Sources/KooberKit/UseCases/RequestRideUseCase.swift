import Foundation

/// Confirms the ride: stores the request with its fare for the chosen drop-off and option.
public struct RequestRideUseCase: Sendable {
    let userID: UserID
    /// The option the form named, if any.
    let rideOptionID: String?
    let pickupLocation: Location
    let now: Date
    let rideRepository: any RideRepository

    public init(
        userID: UserID, rideOptionID: String?, pickupLocation: Location, now: Date, rideRepository: any RideRepository
    ) {
        self.userID = userID
        self.rideOptionID = rideOptionID
        self.pickupLocation = pickupLocation
        self.now = now
        self.rideRepository = rideRepository
    }

    /// Throws a `RequestRideError` when no ride can be requested.
    public func run() async throws -> Ride {
        if try await rideRepository.rideInProgress(userID: userID) != nil {
            throw RequestRideError.rideAlreadyRequested
        }
        guard let dropoff = try await rideRepository.chosenDropoff(userID: userID) else {
            // Another tab's Confirm may have stored its ride (and cleared the draft) since the check above.
            let requestedMeanwhile = try await rideRepository.rideInProgress(userID: userID) != nil
            throw requestedMeanwhile ? RequestRideError.rideAlreadyRequested : .noDropoffChosen
        }
        guard let rideOptionID, !rideOptionID.isEmpty else { throw RequestRideError.noRideOptionChosen }
        guard let option = RideOption.withID(rideOptionID) else { throw RequestRideError.unknownRideOption }
        let request = NewRideRequest(
            userID: userID, pickup: pickupLocation, dropoffID: dropoff.id, rideOptionID: option.id,
            fareCents: option.fareCents(forKilometres: pickupLocation.kilometres(to: dropoff.location)),
            requestedAt: now
        )
        do {
            return try await rideRepository.requestRide(request)
        } catch RideRepositoryError.rideAlreadyInProgress {
            throw RequestRideError.rideAlreadyRequested  // a second tab's Confirm won the race; storage kept one ride
        }
    }
}
