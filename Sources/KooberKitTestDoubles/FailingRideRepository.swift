import Foundation
import KooberKit

/// A ride store (and fleet) that fails at every call.
public struct FailingRideRepository: RideRepository, FleetRepository, RideFeedbackRepository {
    public init() {}

    private func fail<T>(_ operation: String) throws -> T {
        throw StorageFailure(operation: operation)
    }

    public func chosenDropoff(userID: UserID) async throws -> NamedLocation? { try fail("chosen drop-off") }
    public func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
        try fail("choose drop-off") as Void
    }
    public func followedRide(userID: UserID) async throws -> Ride? { try fail("followed ride") }
    public func rideState(userID: UserID) async throws -> RideState { try fail("ride state") }
    public func requestRide(_ request: NewRideRequest) async throws -> Ride { try fail("request ride") }
    public func startNewRide(userID: UserID) async throws { try fail("start new ride") as Void }
    public func rides(userID: UserID, before: RideHistoryCursor?, limit: Int) async throws -> [Ride] {
        try fail("rides")
    }
    public func ride(id: RideID) async throws -> Ride? { try fail("ride") }
    public func events(rideID: RideID) async throws -> [RideEvent] { try fail("events") }
    public func findingRides(rideOptionIDs: Set<String>, limit: Int) async throws -> [Ride] {
        try fail("finding rides")
    }
    public func dueRides(at time: Date, limit: Int) async throws -> [Ride] { try fail("due rides") }
    public func nextDueTime() async throws -> Date? { try fail("next due time") }
    public func apply(_ change: RideChange) async throws -> Ride? { try fail("apply") }
    public func feedback(rideID: RideID) async throws -> RideFeedback { try fail("feedback") }
    public func rate(
        rideID: RideID, animalID: AnimalID, _ submission: RatingSubmission, at time: Date, changeableSince: Date,
        receipt: OutgoingMail
    ) async throws -> RatingOutcome { try fail("rate") }
    public func report(rideID: RideID, _ report: ProblemReport) async throws -> Bool { try fail("report") }
    public func animalRating(animalID: AnimalID) async throws -> AnimalRating { try fail("animal rating") }
    public func rideChanges(after cursor: RideChangeCursor, limit: Int) async throws -> RideChanges {
        try fail("ride changes")
    }
    public func latestRideChange() async throws -> RideChangeCursor { try fail("latest ride change") }
    public func provide(_ members: [FleetMember]) async throws { try fail("provide fleet") as Void }
    public func freeAnimals() async throws -> [Animal] { try fail("free animals") }
}
