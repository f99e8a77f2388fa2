import Foundation
import KooberKit

/// A scheduled-ride store that fails at every call.
public struct FailingScheduledRideRepository: ScheduledRideRepository {
    public init() {}

    public func book(_ booking: NewScheduledRide) async throws -> ScheduledRide {
        throw StorageFailure(operation: "book scheduled ride")
    }

    public func upcoming(userID: UserID) async throws -> [ScheduledRide] {
        throw StorageFailure(operation: "upcoming rides")
    }

    public func scheduledRide(id: ScheduledRideID) async throws -> ScheduledRide? {
        throw StorageFailure(operation: "scheduled ride")
    }

    public func cancel(id: ScheduledRideID, userID: UserID) async throws {
        throw StorageFailure(operation: "cancel scheduled ride")
    }

    public func due(at time: Date, limit: Int) async throws -> [ScheduledRide] {
        throw StorageFailure(operation: "due scheduled rides")
    }

    public func start(_ id: ScheduledRideID, at time: Date) async throws -> ScheduledRideStart {
        throw StorageFailure(operation: "start scheduled ride")
    }

    public func startDue(at time: Date, limit: Int) async throws -> [ScheduledRideStart] {
        throw StorageFailure(operation: "start due scheduled rides")
    }

    public func nextStartTime(after time: Date) async throws -> Date? {
        throw StorageFailure(operation: "next scheduled start")
    }
}
