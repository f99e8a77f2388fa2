import KooberKit

/// A share-link store that fails at every call.
public struct FailingRideShareRepository: RideShareRepository {
    public init() {}

    public func link(rideID: RideID) async throws -> RideShare? {
        throw StorageFailure(operation: "share link")
    }

    public func save(_ link: RideShare, session: SessionTokenHash) async throws -> Bool {
        throw StorageFailure(operation: "save share link")
    }

    public func deleteAll(userID: UserID) async throws -> Int {
        throw StorageFailure(operation: "delete share links")
    }

    public func owner(tokenHash: SessionTokenHash) async throws -> SharedRideOwner? {
        throw StorageFailure(operation: "shared ride")
    }
}
