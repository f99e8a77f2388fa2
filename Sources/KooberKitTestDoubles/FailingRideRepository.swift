import Foundation
import KooberKit

/// A ride store that fails at every call.
public struct FailingRideRepository: RideRepository {
    public init() {}

    public func chosenDropoff(userID: UserID) async throws -> NamedLocation? {
        throw StorageFailure(operation: "chosen drop-off")
    }

    public func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
        throw StorageFailure(operation: "choose drop-off")
    }

    public func rideInProgress(userID: UserID) async throws -> Ride? {
        throw StorageFailure(operation: "ride in progress")
    }

    public func rideState(userID: UserID) async throws -> RideState {
        throw StorageFailure(operation: "ride state")
    }

    public func requestRide(_ request: NewRideRequest) async throws -> Ride {
        throw StorageFailure(operation: "request ride")
    }

    public func startNewRide(userID: UserID) async throws {
        throw StorageFailure(operation: "start new ride")
    }

    public func rides(userID: UserID) async throws -> [Ride] {
        throw StorageFailure(operation: "rides")
    }
}
