import Foundation

/// Confirms the ride: stores the request, `finding`, with its fare for the chosen drop-off and option, and wakes the
/// dispatcher.
public struct RequestRideUseCase: Sendable {
    let userID: UserID
    /// The option the form named, if any.
    let rideOptionID: String?
    let pickupLocation: Location
    let now: Date
    let clockRate: Double
    let rideRepository: any RideRepository
    let signal: any RideChangeSignal

    public init(
        userID: UserID, rideOptionID: String?, pickupLocation: Location, now: Date, clockRate: Double = 1,
        rideRepository: any RideRepository, signal: any RideChangeSignal
    ) {
        self.userID = userID
        self.rideOptionID = rideOptionID
        self.pickupLocation = pickupLocation
        self.now = now
        self.clockRate = clockRate
        self.rideRepository = rideRepository
        self.signal = signal
    }

    /// Throws a `RequestRideError` when no ride can be requested.
    public func run() async throws -> Ride {
        if try await rideInProgress() { throw RequestRideError.rideAlreadyRequested }
        guard let dropoff = try await rideRepository.chosenDropoff(userID: userID) else {
            // Another tab's Confirm may have stored its ride (and cleared the draft) since the check above.
            throw try await rideInProgress() ? RequestRideError.rideAlreadyRequested : .noDropoffChosen
        }
        guard let rideOptionID, !rideOptionID.isEmpty else { throw RequestRideError.noRideOptionChosen }
        guard let option = RideOption.withID(rideOptionID) else { throw RequestRideError.unknownRideOption }
        let request = NewRideRequest(
            userID: userID, pickup: pickupLocation, dropoffID: dropoff.id, rideOptionID: option.id,
            fareCents: option.fareCents(forKilometres: pickupLocation.kilometres(to: dropoff.location)),
            requestedAt: now, clockRate: clockRate
        )
        do {
            let ride = try await rideRepository.requestRide(request)
            signal.ridesChanged()
            return ride
        } catch RideRepositoryError.rideAlreadyInProgress {
            throw RequestRideError.rideAlreadyRequested  // a second tab's Confirm won the race; storage kept one ride
        }
    }

    /// Whether the rider's followed ride is still in progress by the clock (a ride that has just finished by the
    /// clock, before the dispatcher stored it, does not hold the rider back: `FollowRide` stores it first).
    private func rideInProgress() async throws -> Bool {
        guard let ride = try await FollowRide(userID: userID, now: now, rideRepository: rideRepository).run() else {
            return false
        }
        return ride.status.isInProgress
    }
}
