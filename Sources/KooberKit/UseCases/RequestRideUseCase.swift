import Foundation

/// Confirms the ride: stores the request, `finding`, with its fare for the drop-off and option, and wakes the
/// dispatcher.
public struct RequestRideUseCase: Sendable {
    /// Where the ride goes.
    public enum Dropoff: Sendable {
        /// The drop-off the rider chose on the page (`RideRepository.chosenDropoff`).
        case chosen
        /// A place the request names itself (Koober Cloud's `POST /ride`): one of Koober's places, where the request
        /// says it is (within `placeTolerance` degrees, so a client that printed fewer digits still agrees).
        case place(PlaceID, at: Location, places: any PlaceRepository)
    }

    /// How far (in degrees, about 10 cm) a named place's coordinates may be from Koober's.
    public static let placeTolerance = 1e-6
    /// Koober hops in Sydney: a pick-up farther than this from the city's centre (`SydneyLocator.sydney`) is refused.
    /// Its places lie within 20 km (Manly, Botany Bay); a pick-up in another city would be a ride of days.
    public static let serviceRadiusKilometres = 30.0

    let userID: UserID
    /// The option the form named, if any.
    let rideOptionID: String?
    let pickupLocation: Location
    let dropoff: Dropoff
    let now: Date
    let clockRate: Double
    let rideRepository: any RideRepository
    let signal: any RideChangeSignal

    public init(
        userID: UserID, rideOptionID: String?, pickupLocation: Location, dropoff: Dropoff = .chosen, now: Date,
        clockRate: Double = 1, rideRepository: any RideRepository, signal: any RideChangeSignal
    ) {
        self.userID = userID
        self.rideOptionID = rideOptionID
        self.pickupLocation = pickupLocation
        self.dropoff = dropoff
        self.now = now
        self.clockRate = clockRate
        self.rideRepository = rideRepository
        self.signal = signal
    }

    /// Throws a `RequestRideError` when no ride can be requested.
    public func run() async throws -> Ride {
        if try await rideInProgress() { throw RequestRideError.rideAlreadyRequested }
        let (dropoff, quote) = try await RideQuote.quoting(
            optionID: rideOptionID, from: pickupLocation, to: dropoffPlace, refusedAs: RequestRideError.self)
        let request = NewRideRequest(
            userID: userID, pickup: pickupLocation, dropoffID: dropoff.id, rideOptionID: quote.option.id,
            fareCents: quote.fareCents, requestedAt: now, clockRate: clockRate
        )
        do {
            let ride = try await rideRepository.requestRide(request)
            signal.ridesChanged()
            return ride
        } catch RideRepositoryError.rideAlreadyInProgress {
            throw RequestRideError.rideAlreadyRequested  // a second tab's Confirm won the race; storage kept one ride
        } catch RideRepositoryError.accountLocked {
            throw RequestRideError.accountLocked
        }
    }

    /// The place the ride goes to. Throws a `RequestRideError` when there is none, or the request named one that is
    /// not Koober's or not where it said.
    private func dropoffPlace() async throws -> NamedLocation {
        switch dropoff {
        case .chosen:
            guard let chosen = try await rideRepository.chosenDropoff(userID: userID) else {
                // Another tab's Confirm may have stored its ride (and cleared the draft) since the first check.
                throw try await rideInProgress() ? RequestRideError.rideAlreadyRequested : .noDropoffChosen
            }
            return chosen
        case .place(let id, let location, let places):
            return try await Self.place(id: id, at: location, in: places)
        }
    }

    /// One of Koober's places, where a request says it is. Throws `RequestRideError.unknownPlace` or
    /// `.placeElsewhere`.
    static func place(id: PlaceID, at location: Location, in places: any PlaceRepository) async throws
        -> NamedLocation
    {
        guard let place = try await places.place(id: id) else { throw RequestRideError.unknownPlace }
        guard abs(place.location.latitude - location.latitude) <= placeTolerance,
            abs(place.location.longitude - location.longitude) <= placeTolerance
        else { throw RequestRideError.placeElsewhere }
        return place
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
