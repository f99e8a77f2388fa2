import Foundation
import KooberKit

/// Riders for Koober Ops, on `users` (the lock's columns, migration 19): each act and its audit row in one write
/// transaction (`SQLiteAuditLogRepository.append`), so a row is there exactly when the act is.
public struct SQLiteRiderAccountRepository: RiderAccountRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func rider(email: String) async throws -> UserProfile? {
        let email = EmailAddress.normalize(email)
        return try await database.read { connection in
            try connection.query(
                "SELECT id, name, nickname, email, mobile_number, language FROM users WHERE email = ?", [.text(email)]
            )
            .first.map(SQLiteUserRepository.profile(from:))
        }
    }

    public func rider(rideID: RideID) async throws -> UserProfile? {
        try await database.read { connection in
            try connection.query(
                """
                SELECT u.id, u.name, u.nickname, u.email, u.mobile_number, u.language
                FROM rides AS r JOIN users AS u ON u.id = r.user_id WHERE r.id = ?
                """,
                [.integer(rideID.rawValue)]
            )
            .first.map(SQLiteUserRepository.profile(from:))
        }
    }

    public func lookAt(userID: UserID, audit: AuditEntry) async throws -> RiderAccount? {
        try await database.write { connection in
            let rows = try connection.query(
                """
                SELECT id, name, nickname, email, mobile_number, language, created_at, locked_at, lock_reason
                FROM users WHERE id = ?
                """,
                [.integer(userID.rawValue)])
            guard let row = rows.first else { return nil }
            let reports = try connection.query(
                """
                SELECT p.ride_id, p.category, p.text, p.reported_at_ms
                FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id
                WHERE r.user_id = ? ORDER BY p.reported_at_ms DESC, p.ride_id DESC
                """,
                [.integer(userID.rawValue)]
            )
            .map(Self.report(from:))
            try SQLiteAuditLogRepository.append(audit, on: connection)
            let lock = try row.optional("locked_at", row.date).map { lockedAt in
                AccountLock(lockedAt: lockedAt, reason: try row.string("lock_reason"))
            }
            return RiderAccount(
                profile: try SQLiteUserRepository.profile(from: row), createdAt: try row.date("created_at"), lock: lock,
                reports: reports)
        }
    }

    /// The user's row first (its credential version from the counter, as every change that ends access takes one),
    /// then the sessions and share links, the upcoming bookings, and the row: one transaction on the one writer.
    @discardableResult
    public func lock(userID: UserID, reason: String, audit: AuditEntry) async throws -> Int {
        try await database.write { connection in
            let locked = try connection.execute(
                """
                UPDATE users SET credential_version = ?, locked_at = ?, lock_reason = ?
                WHERE id = ? AND locked_at IS NULL
                """,
                [
                    .integer(try SQLiteUserRepository.nextCredentialVersion(on: connection)), .unixSeconds(audit.at),
                    .text(reason), .integer(userID.rawValue),
                ])
            guard locked == 1 else { throw try Self.refusal(for: userID, on: connection, locked: true) }
            let ended = try SQLiteUserSessionRepository.endSessions(of: userID, keeping: nil, on: connection)
            try connection.execute(
                "UPDATE scheduled_rides SET status = 'cancelled' WHERE user_id = ? AND status = 'upcoming'",
                [.integer(userID.rawValue)])
            try SQLiteAuditLogRepository.append(audit, on: connection)
            return ended
        }
    }

    public func unlock(userID: UserID, audit: AuditEntry) async throws {
        try await database.write { connection in
            let unlocked = try connection.execute(
                "UPDATE users SET locked_at = NULL, lock_reason = NULL WHERE id = ? AND locked_at IS NOT NULL",
                [.integer(userID.rawValue)])
            guard unlocked == 1 else { throw try Self.refusal(for: userID, on: connection, locked: false) }
            try SQLiteAuditLogRepository.append(audit, on: connection)
        }
    }

    /// Why a lock (`locked`) or an unlock changed no row: no such rider, or the account already so.
    private static func refusal(for userID: UserID, on connection: SQLiteConnection, locked: Bool) throws
        -> RiderAccountRepositoryError
    {
        let exists = try connection.query("SELECT 1 FROM users WHERE id = ?", [.integer(userID.rawValue)])
        guard !exists.isEmpty else { return .noSuchRider }
        return locked ? .alreadyLocked : .notLocked
    }

    private static func report(from row: SQLiteRow) throws -> RiderReport {
        guard let category = ProblemCategory(rawValue: try row.string("category")) else {
            throw SQLiteError.invalidValue(column: "category", reason: "not a problem category")
        }
        return RiderReport(
            rideID: RideID(try row.int64("ride_id")),
            report: ProblemReport(
                category: category, text: try row.string("text"), reportedAt: try row.millisecondsDate("reported_at_ms")
            ))
    }

    /// Throws `RideRepositoryError.accountLocked` when the account is locked: a ride request or a booking checks it in
    /// its own write transaction, which SQLite serialises with the lock's, so none is stored after a lock.
    static func refuseIfLocked(_ userID: UserID, on connection: SQLiteConnection) throws {
        let locked = try connection.query(
            "SELECT 1 FROM users WHERE id = ? AND locked_at IS NOT NULL", [.integer(userID.rawValue)])
        if !locked.isEmpty { throw RideRepositoryError.accountLocked }
    }
}
