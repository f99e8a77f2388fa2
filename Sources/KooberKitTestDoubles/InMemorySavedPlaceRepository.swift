import Foundation
import KooberKit

/// Saved places in memory, for fast tests of use cases: with the places (an unknown one is refused), the users (a
/// deleted rider's saved places are gone, as the databases' cascade) and the rides (the recent drop-offs). Like the
/// databases it applies `SavedPlaceLabelRule` (each label once per rider ignoring case, no ninth label of the rider's
/// own); an actor, so two saves at once are one after the other. Its recent drop-offs read the rider's whole history: the databases
/// read them by an index.
public actor InMemorySavedPlaceRepository: SavedPlaceRepository {
    private let places: any PlaceRepository
    private let users: InMemoryUserRepository
    private let rides: any RideRepository
    /// Each rider's labels by key, with the place each names.
    private var saved: [UserID: [String: SavedPlace]] = [:]

    public init(places: any PlaceRepository, users: InMemoryUserRepository, rides: any RideRepository) {
        self.places = places
        self.users = users
        self.rides = rides
    }

    public func savedPlaces(userID: UserID) async throws -> [SavedPlace] {
        try await forgetIfDeleted(userID)
        return (saved[userID] ?? [:]).values.listedByLabel(\.label)
    }

    public func save(userID: UserID, label: SavedPlaceLabel, placeID: PlaceID) async throws {
        guard let place = try await places.place(id: placeID) else { throw SavedPlaceError.unknownPlace }
        try await forgetIfDeleted(userID)
        // From here to the end nothing suspends: the count and the store are one step.
        var labels = saved[userID] ?? [:]
        if let refusal = SavedPlaceLabelRule(storedKeys: labels.keys).refusalToSave(label) { throw refusal }
        labels[label.key] = SavedPlace(label: label, place: place)
        saved[userID] = labels
    }

    public func rename(userID: UserID, label: SavedPlaceLabel, to newLabel: SavedPlaceLabel) async throws {
        try await forgetIfDeleted(userID)
        var labels = saved[userID] ?? [:]
        if let refusal = SavedPlaceLabelRule(storedKeys: labels.keys).refusalToRename(label, to: newLabel) {
            throw refusal
        }
        guard let current = labels[label.key] else { throw SavedPlaceError.noSuchLabel }
        labels[label.key] = nil
        labels[newLabel.key] = SavedPlace(label: newLabel, place: current.place)
        saved[userID] = labels
    }

    @discardableResult
    public func remove(userID: UserID, label: SavedPlaceLabel) async throws -> Bool {
        try await forgetIfDeleted(userID)
        return saved[userID]?.removeValue(forKey: label.key) != nil
    }

    public func recentDropoffs(userID: UserID, limit: Int) async throws -> [NamedLocation] {
        let newestFirst = try await rides.rides(userID: userID, before: nil, limit: Int.max)
        var latest: [PlaceID: (ride: Ride, place: NamedLocation)] = [:]
        for ride in newestFirst where latest[ride.dropoff.id] == nil { latest[ride.dropoff.id] = (ride, ride.dropoff) }
        return latest.values.sorted { lhs, rhs in
            let (left, right) = (lhs.ride.requestedAt.wholeSeconds, rhs.ride.requestedAt.wholeSeconds)
            return left != right ? left > right : lhs.place.id.rawValue > rhs.place.id.rawValue
        }
        .prefix(max(0, limit)).map(\.place)
    }

    /// A deleted rider's saved places go, as the databases' `ON DELETE CASCADE` takes them.
    private func forgetIfDeleted(_ userID: UserID) async throws {
        if try await users.profile(id: userID) == nil { saved[userID] = nil }
    }
}
