import Foundation
import KooberKit

/// Chosen drop-offs and rides in memory, for fast tests of use cases. Like the SQLite repository it keeps times to
/// the whole second, numbers rides from 1, refuses an unknown place, a forged ride option or a negative fare, and
/// lets a rider have at most one ride in progress. Unlike it, it knows no users, so it cannot refuse an unknown one.
public actor InMemoryRideRepository: RideRepository {
    private let places: any PlaceRepository
    /// Each rider's chosen drop-off. The place is kept whole: places never change once seeded, so this answers as
    /// the SQLite join does. (When it was chosen is not kept: nothing reads it back.)
    private var drafts: [UserID: NamedLocation] = [:]
    private var storedRides: [Ride] = []
    private var lastRideID: Int64 = 0

    /// - Parameter places: the places drop-offs are chosen from (an `InMemoryPlaceRepository` in tests).
    public init(places: any PlaceRepository) {
        self.places = places
    }

    public func chosenDropoff(userID: UserID) async throws -> NamedLocation? {
        drafts[userID]
    }

    /// Throws `RideRepositoryError.unknownPlace` for a place that doesn't exist.
    public func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
        guard let dropoff = try await places.place(id: placeID) else { throw RideRepositoryError.unknownPlace }
        drafts[userID] = dropoff
    }

    public func rideInProgress(userID: UserID) async throws -> Ride? {
        storedRides.first { $0.userID == userID && $0.status == .waitingForPickup }
    }

    public func rideState(userID: UserID) async throws -> RideState {
        RideState(rideInProgress: try await rideInProgress(userID: userID), chosenDropoff: drafts[userID])
    }

    /// Refuses in the order SQLite's constraints would: a forged option or negative fare
    /// (`InMemoryRideRepositoryError`), then a ride already in progress, then an unknown place.
    public func requestRide(_ request: NewRideRequest) async throws -> Ride {
        guard RideOption.withID(request.rideOptionID) != nil else {
            throw InMemoryRideRepositoryError.unknownRideOption(request.rideOptionID)
        }
        guard request.fareCents >= 0 else { throw InMemoryRideRepositoryError.negativeFare(request.fareCents) }
        try refuseIfRideInProgress(userID: request.userID)
        guard let dropoff = try await places.place(id: request.dropoffID) else {
            throw RideRepositoryError.unknownPlace
        }
        // Checked again after the await: the actor may have stored another ride for this rider meanwhile. From here
        // to the end nothing suspends, so the check and the insert are one step, as in a transaction.
        try refuseIfRideInProgress(userID: request.userID)
        lastRideID += 1
        let ride = Ride(
            id: RideID(lastRideID),
            userID: request.userID,
            pickup: request.pickup,
            dropoff: dropoff,
            rideOptionID: request.rideOptionID,
            fareCents: request.fareCents,
            requestedAt: request.requestedAt.wholeSeconds,
            status: .waitingForPickup
        )
        storedRides.append(ride)
        drafts[request.userID] = nil
        return ride
    }

    public func startNewRide(userID: UserID) async throws {
        storedRides = storedRides.map { ride in
            guard ride.userID == userID, ride.status == .waitingForPickup else { return ride }
            return ride.with(status: .finished)
        }
        drafts[userID] = nil
    }

    /// Newest first; rides requested in the same second, latest stored first.
    public func rides(userID: UserID) async throws -> [Ride] {
        storedRides.filter { $0.userID == userID }.sorted { first, second in
            (first.requestedAt, first.id.rawValue) > (second.requestedAt, second.id.rawValue)
        }
    }

    private func refuseIfRideInProgress(userID: UserID) throws {
        if storedRides.contains(where: { $0.userID == userID && $0.status == .waitingForPickup }) {
            throw RideRepositoryError.rideAlreadyInProgress
        }
    }
}

extension Ride {
    /// This ride with another status.
    fileprivate func with(status: Status) -> Ride {
        Ride(
            id: id,
            userID: userID,
            pickup: pickup,
            dropoff: dropoff,
            rideOptionID: rideOptionID,
            fareCents: fareCents,
            requestedAt: requestedAt,
            status: status
        )
    }
}
