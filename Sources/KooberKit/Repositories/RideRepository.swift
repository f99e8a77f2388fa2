import Foundation

/// Where each rider's chosen drop-off, rides and their histories are kept, so every tab, device and process sees one
/// state; and what the dispatcher reads and changes.
public protocol RideRepository: Sendable {
    /// The drop-off the rider has chosen for their next ride, if any.
    func chosenDropoff(userID: UserID) async throws -> NamedLocation?
    /// Chooses (or changes) the drop-off, and leaves behind an ended ride the rider was still looking at; throws
    /// `RideRepositoryError.unknownPlace` for a place that doesn't exist.
    func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws
    /// The ride the rider follows: their newest, while it is in progress or has ended and they have not yet pressed
    /// Start New Ride (or chosen a new drop-off).
    func followedRide(userID: UserID) async throws -> Ride?
    /// The step the rider is at (`RideState(followedRide:chosenDropoff:)`), both read at one moment.
    func rideState(userID: UserID) async throws -> RideState
    /// Stores the ride as `finding` (with that first event) and clears the chosen drop-off, in one transaction.
    /// Throws `RideRepositoryError.rideAlreadyInProgress` when the rider already has one.
    func requestRide(_ request: NewRideRequest) async throws -> Ride
    /// Leaves an ended ride behind and clears the chosen drop-off; a ride in progress is not touched.
    func startNewRide(userID: UserID) async throws
    /// At most `limit` of the rider's rides, newest first (by when requested, then id), after `before` when given.
    func rides(userID: UserID, before: RideHistoryCursor?, limit: Int) async throws -> [Ride]
    /// One ride, whoever's it is.
    func ride(id: RideID) async throws -> Ride?
    /// A ride's history, in the order it happened.
    func events(rideID: RideID) async throws -> [RideEvent]

    /// Rides of the given options waiting for an animal, the longest waiting first.
    func findingRides(rideOptionIDs: Set<String>, limit: Int) async throws -> [Ride]
    /// Rides in progress whose next status is due by `time`.
    func dueRides(at time: Date, limit: Int) async throws -> [Ride]
    /// The earliest time a ride in progress is next due, if any.
    func nextDueTime() async throws -> Date?
    /// Applies `change` if the ride is still at `change.expectedRevision` and, for an assignment, the animal carries
    /// no other ride; returns the ride as changed, or `nil` when it was not applied (someone else got there first).
    func apply(_ change: RideChange) async throws -> Ride?
    /// At most `limit` rides stored or changed after `cursor`, in the store's order of changes (what a process's
    /// streams must hear of): a change is never readable before one earlier in that order.
    func rideChanges(after cursor: RideChangeCursor, limit: Int) async throws -> RideChanges
    /// The cursor after every change committed so far (`.beginning` without rides).
    func latestRideChange() async throws -> RideChangeCursor
}

public enum RideRepositoryError: Error, Equatable, Sendable {
    case unknownPlace
    case rideAlreadyInProgress
    /// Koober Ops has locked the rider's account: no ride is requested or booked for it (checked in the write's own
    /// transaction, so a request whose session was checked just before a lock stores nothing after it).
    case accountLocked
}
