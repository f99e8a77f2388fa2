import KooberKit

/// A place store that fails at every call.
public struct FailingPlaceRepository: PlaceRepository {
    public init() {}

    public func allPlaces() async throws -> [NamedLocation] {
        throw StorageFailure(operation: "all places")
    }

    public func place(id: PlaceID) async throws -> NamedLocation? {
        throw StorageFailure(operation: "place")
    }
}
