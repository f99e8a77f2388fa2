import Foundation

/// Where each rider's current ride request and past rides are kept, so every tab and device sees one state.
public protocol RideRepository: Sendable {
    /// The drop-off the rider has chosen for their next ride, if any.
    func chosenDropoff(userID: UserID) async throws -> NamedLocation?
    /// Chooses (or changes) the drop-off; throws `RideRepositoryError.unknownPlace` for a place that doesn't exist.
    func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws
    /// The rider's ride waiting for pick-up, if any.
    func rideInProgress(userID: UserID) async throws -> Ride?
    /// The step the rider is at (`RideState(rideInProgress:chosenDropoff:)`), both read at one moment: never a mix of
    /// before and after a change another tab commits meanwhile.
    func rideState(userID: UserID) async throws -> RideState
    /// Stores the ride and clears the chosen drop-off, in one transaction. Throws
    /// `RideRepositoryError.rideAlreadyInProgress` when the rider already has one (e.g. Confirm pressed in two tabs).
    func requestRide(_ request: NewRideRequest) async throws -> Ride
    /// Finishes the ride in progress, if any, and clears the chosen drop-off.
    func startNewRide(userID: UserID) async throws
    /// The rider's rides, newest first.
    func rides(userID: UserID) async throws -> [Ride]
}

public enum RideRepositoryError: Error, Equatable, Sendable {
    case unknownPlace
    case rideAlreadyInProgress
}
