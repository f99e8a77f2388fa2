import Foundation

/// Rides booked for later (SPEC.md, "Scheduled rides"), and what the dispatcher reads and changes to start them.
///
/// The rules that involve a rider's other bookings are kept by storage inside the booking's transaction, and a start
/// is one transaction that claims the booking only while it is still upcoming, so any number of tabs booking and of
/// processes starting never break them or start a ride twice.
public protocol ScheduledRideRepository: Sendable {
    /// Stores the booking, `upcoming`, and queues its "booked" mail, in one transaction, in which it also deletes the
    /// rider's cancelled bookings: a cancelled booking is kept only to answer a second Cancel (`notUpcoming`), until
    /// the rider books again, so book-and-cancel cannot pile rows up (issue 41: 4,060 in 20 s). Throws
    /// `ScheduledRideRefusal.tooManyUpcoming` or `.tooClose` (checked against what is stored then),
    /// `RideRepositoryError.unknownPlace` for a drop-off that doesn't exist.
    func book(_ booking: NewScheduledRide) async throws -> ScheduledRide
    /// The rider's upcoming rides, soonest first.
    func upcoming(userID: UserID) async throws -> [ScheduledRide]
    /// One scheduled ride, whoever's it is.
    func scheduledRide(id: ScheduledRideID) async throws -> ScheduledRide?
    /// Cancels the rider's booking while it is upcoming. Throws `ScheduledRideRepositoryError.notFound` when the
    /// rider has no such booking, `.notUpcoming` once it has started, been missed or cancelled.
    func cancel(id: ScheduledRideID, userID: UserID) async throws
    /// At most `limit` upcoming rides whose start time has come by `time`, the earliest first.
    func due(at time: Date, limit: Int) async throws -> [ScheduledRide]
    /// In one transaction, if the booking is still upcoming (and no other process holds it): starts it as a ride
    /// requested at `time` (`finding`, the booked fare) with its "starting" mail; or, while the rider has a ride in
    /// progress, leaves it waiting, and from its miss time on marks it missed with its "missed" mail. Mails go only
    /// to a confirmed email.
    func start(_ id: ScheduledRideID, at time: Date) async throws -> ScheduledRideStart
    /// `start` for at most `limit` of the bookings `due(at:limit:)` reads, in order (SQLite: in one transaction;
    /// PostgreSQL: each in its own, where a booking another process is starting is skipped, `.notUpcoming`); a booking
    /// whose rider's own Confirm wins the race is `.waiting` and the others go on. What came of each, in order.
    func startDue(at time: Date, limit: Int) async throws -> [ScheduledRideStart]
    /// When the dispatcher must look next: the earliest start still ahead of `time`, or the miss time of one that
    /// is due and waits behind a ride in progress.
    func nextStartTime(after time: Date) async throws -> Date?
}

public enum ScheduledRideRepositoryError: Error, Equatable, Sendable {
    case notFound
    case notUpcoming
}
