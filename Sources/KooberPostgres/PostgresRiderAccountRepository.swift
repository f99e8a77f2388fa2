import Foundation
import KooberKit
import PostgresNIO

/// Riders for Koober Ops, on `users` (the lock's columns, migration 15): each act and its audit row in one transaction
/// (`PostgresAuditLogRepository.append`), so a row is there exactly when the act is.
public struct PostgresRiderAccountRepository: RiderAccountRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func rider(email: String) async throws -> UserProfile? {
        let email = EmailAddress.normalize(email)
        return try await database.query(
            "SELECT id, name, nickname, email, mobile_number, language FROM users WHERE lower(email) = \(email)"
        )
        .first.map { try PostgresUserRepository.profile(from: $0) }
    }

    public func rider(rideID: RideID) async throws -> UserProfile? {
        try await database.query(
            """
            SELECT u.id, u.name, u.nickname, u.email, u.mobile_number, u.language
            FROM rides AS r JOIN users AS u ON u.id = r.user_id WHERE r.id = \(rideID.rawValue)
            """
        )
        .first.map { try PostgresUserRepository.profile(from: $0) }
    }

    public func lookAt(userID: UserID, audit: AuditEntry) async throws -> RiderAccount? {
        try await database.transaction { transaction in
            let rows = try await transaction.query(
                """
                SELECT id, name, nickname, email, mobile_number, language, created_at, locked_at, lock_reason
                FROM users WHERE id = \(userID.rawValue)
                """
            )
            guard let row = rows.first else { return nil }
            let reports = try await transaction.query(
                """
                SELECT p.ride_id, p.category, p.text, p.reported_at_ms
                FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id
                WHERE r.user_id = \(userID.rawValue) ORDER BY p.reported_at_ms DESC, p.ride_id DESC
                """
            )
            .map(Self.report(from:))
            try await PostgresAuditLogRepository.append(audit, in: transaction)
            let columns = row.makeRandomAccess()
            let lock = try columns["locked_at"].decode(Int64?.self).map { lockedAt in
                AccountLock(
                    lockedAt: PostgresTime.date(seconds: lockedAt),
                    reason: try columns["lock_reason"].decode(String.self))
            }
            return RiderAccount(
                profile: try PostgresUserRepository.profile(from: row),
                createdAt: PostgresTime.date(seconds: try columns["created_at"].decode(Int64.self)), lock: lock,
                reports: reports)
        }
    }

    /// The user's row first, as every change that ends access takes it (a sign-in storing its session waits for this
    /// lock, then finds the account locked), then the sessions and share links (every process hears of it), the
    /// upcoming bookings, and the row.
    @discardableResult
    public func lock(userID: UserID, reason: String, audit: AuditEntry) async throws -> Int {
        try await database.transaction { transaction in
            let locked = try await transaction.query(
                """
                UPDATE users SET credential_version = credential_version + 1,
                    locked_at = \(PostgresTime.seconds(audit.at)), lock_reason = \(reason)
                WHERE id = \(userID.rawValue) AND locked_at IS NULL
                RETURNING 1
                """
            )
            guard locked.count == 1 else { throw try await Self.refusal(for: userID, in: transaction, locked: true) }
            let ended = try await PostgresUserSessionRepository.endSessions(of: userID, keeping: nil, in: transaction)
            try await transaction.execute(
                "UPDATE scheduled_rides SET status = 'cancelled' WHERE user_id = \(userID.rawValue) AND status = 'upcoming'"
            )
            try await PostgresAuditLogRepository.append(audit, in: transaction)
            return ended
        }
    }

    public func unlock(userID: UserID, audit: AuditEntry) async throws {
        try await database.transaction { transaction in
            let unlocked = try await transaction.query(
                """
                UPDATE users SET locked_at = NULL, lock_reason = NULL
                WHERE id = \(userID.rawValue) AND locked_at IS NOT NULL
                RETURNING 1
                """
            )
            guard unlocked.count == 1 else {
                throw try await Self.refusal(for: userID, in: transaction, locked: false)
            }
            try await PostgresAuditLogRepository.append(audit, in: transaction)
        }
    }

    /// Why a lock (`locked`) or an unlock changed no row: no such rider, or the account already so.
    private static func refusal(for userID: UserID, in transaction: PostgresTransaction, locked: Bool) async throws
        -> RiderAccountRepositoryError
    {
        guard try await !transaction.query("SELECT 1 FROM users WHERE id = \(userID.rawValue)").isEmpty else {
            return .noSuchRider
        }
        return locked ? .alreadyLocked : .notLocked
    }

    private static func report(from row: PostgresRow) throws -> RiderReport {
        let columns = row.makeRandomAccess()
        let category = try columns["category"].decode(String.self)
        guard let problemCategory = ProblemCategory(rawValue: category) else {
            throw PostgresStoreError.invalidValue("ride_reports.category \(category) is not a problem category")
        }
        return RiderReport(
            rideID: RideID(try columns["ride_id"].decode(Int64.self)),
            report: ProblemReport(
                category: problemCategory, text: try columns["text"].decode(String.self),
                reportedAt: PostgresTime.date(milliseconds: try columns["reported_at_ms"].decode(Int64.self))))
    }

    /// Throws `RideRepositoryError.accountLocked` when the account is locked. `FOR SHARE` waits for a lock's
    /// transaction that holds the rider's row and then reads what it committed; once taken, it holds a lock back until
    /// this transaction commits, and the lock then cancels what was stored. Either way nothing outlives the lock.
    static func refuseIfLocked(_ userID: UserID, in transaction: PostgresTransaction) async throws {
        let rows = try await transaction.query(
            "SELECT locked_at IS NOT NULL FROM users WHERE id = \(userID.rawValue) FOR SHARE")
        if try rows.first?.decode(Bool.self) == true { throw RideRepositoryError.accountLocked }
    }
}
