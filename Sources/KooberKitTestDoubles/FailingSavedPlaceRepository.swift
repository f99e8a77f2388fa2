import KooberKit

/// A saved-place store that fails at every call.
public struct FailingSavedPlaceRepository: SavedPlaceRepository {
    public init() {}

    public func savedPlaces(userID: UserID) async throws -> [SavedPlace] {
        throw StorageFailure(operation: "saved places")
    }

    public func save(userID: UserID, label: SavedPlaceLabel, placeID: PlaceID) async throws {
        throw StorageFailure(operation: "save place")
    }

    public func rename(userID: UserID, label: SavedPlaceLabel, to newLabel: SavedPlaceLabel) async throws {
        throw StorageFailure(operation: "rename saved place")
    }

    public func remove(userID: UserID, label: SavedPlaceLabel) async throws -> Bool {
        throw StorageFailure(operation: "remove saved place")
    }

    public func recentDropoffs(userID: UserID, limit: Int) async throws -> [NamedLocation] {
        throw StorageFailure(operation: "recent drop-offs")
    }
}
