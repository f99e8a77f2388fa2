import Foundation

/// **Lock Account** with a **Reason** (SPEC.md, "Koober Ops", **Riders**): in one transaction with its audit row
/// (`lockedAccount`), ends every session and token of the rider (as Sign Out Everywhere does: `sessionSignal` hears of
/// it, so their open streams end), cancels their upcoming scheduled rides and marks the account locked, so every
/// sign-in, on the pages and the API, is refused (`SignInError.accountLocked`) until **Unlock Account**. Then it
/// cancels the ride in progress, free of charge, as Cancel Ride does (one being ridden is left to finish).
///
/// Throws a `RiderAccountError`, and then changes nothing and writes no row.
public struct LockRiderAccountUseCase: Sendable {
    let userID: UserID
    let reason: String
    let member: StaffMember
    let now: Date
    let riderAccounts: any RiderAccountRepository
    let rides: any RideRepository
    let rideSignal: any RideChangeSignal
    let sessionSignal: any SessionEndSignal

    public init(
        userID: UserID, reason: String, member: StaffMember, now: Date, riderAccounts: any RiderAccountRepository,
        rides: any RideRepository, rideSignal: any RideChangeSignal, sessionSignal: any SessionEndSignal
    ) {
        self.userID = userID
        self.reason = reason
        self.member = member
        self.now = now
        self.riderAccounts = riderAccounts
        self.rides = rides
        self.rideSignal = rideSignal
        self.sessionSignal = sessionSignal
    }

    public func run() async throws -> RiderLock {
        guard member.role.permits(.riders) else { throw RiderAccountError.notAllowed }
        let reason = try StaffReason.checked(reason)
        let audit = AuditEntry(by: member, .lockedAccount, target: .rider(userID), reason: reason, at: now)
        let sessionsEnded: Int
        do {
            sessionsEnded = try await riderAccounts.lock(userID: userID, reason: reason, audit: audit)
        } catch let error as RiderAccountRepositoryError {
            throw error == .alreadyLocked ? RiderAccountError.alreadyLocked : .noSuchRider
        }
        sessionSignal.sessionsEnded(of: userID)
        rideSignal.ridesChanged()
        let cancelled: Ride?
        do {
            cancelled = try await CancelRideUseCase(userID: userID, now: now, rideRepository: rides, signal: rideSignal)
                .run()
        } catch is CancelRideError {
            cancelled = nil  // Nothing in progress, or already riding: that ride finishes.
        }
        return RiderLock(sessionsEnded: sessionsEnded, cancelledRide: cancelled)
    }
}

/// What a lock did besides locking: how many sessions and tokens it ended, and the ride it cancelled, if any.
public struct RiderLock: Equatable, Sendable {
    public let sessionsEnded: Int
    public let cancelledRide: Ride?

    public init(sessionsEnded: Int, cancelledRide: Ride?) {
        self.sessionsEnded = sessionsEnded
        self.cancelledRide = cancelledRide
    }
}
