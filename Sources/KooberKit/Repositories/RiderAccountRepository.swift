/// Riders as Koober Ops' staff find, look at, lock and unlock them (SPEC.md, "Koober Ops", **Riders**). Each method that
/// a member's act calls writes its audit row (`audit`) in the same transaction as what it does or reads: a row is
/// there exactly when the act happened.
public protocol RiderAccountRepository: Sendable {
    /// The rider with exactly this email (normalised as riders' emails are), if any.
    func rider(email: String) async throws -> UserProfile?
    /// The rider whose ride this is, if the ride exists.
    func rider(rideID: RideID) async throws -> UserProfile?
    /// The rider's account as staff see it, read in one transaction with `audit` (a look, `lookedAtRider`) written;
    /// `nil`, and no row, without such a rider.
    func lookAt(userID: UserID, audit: AuditEntry) async throws -> RiderAccount?
    /// Locks the account with `reason` at `audit.at`, in one transaction with `audit`: raises the rider's credential
    /// version (no sign-in already checked can store a session after it), ends every session and token of theirs (and
    /// their share links), and marks the account locked, so that no session is stored for it until it is unlocked.
    /// How many sessions ended. Throws `RiderAccountRepositoryError.noSuchRider` or `.alreadyLocked`, writing nothing.
    @discardableResult
    func lock(userID: UserID, reason: String, audit: AuditEntry) async throws -> Int
    /// Unlocks the account, in one transaction with `audit`. Throws `RiderAccountRepositoryError.noSuchRider` or
    /// `.notLocked`, writing nothing.
    func unlock(userID: UserID, audit: AuditEntry) async throws
}

/// Refusals of a `RiderAccountRepository`: nothing was written, no audit row either.
public enum RiderAccountRepositoryError: Error, Equatable, Sendable {
    case noSuchRider
    case alreadyLocked
    case notLocked
}
