import Foundation
import KooberKit
import PostgresNIO

/// Share links in `ride_shares`, one per ride (its primary key), by their token's hash only; a link goes with its
/// ride and its rider (`ON DELETE CASCADE`), and with the rider's sessions (`PostgresUserSessionRepository.endSessions`).
/// A link stored (perhaps replacing another) or ended tells every process (`PostgresChanges`, as the rider's sessions
/// would), which then ends the streams of the rider's links that no longer live.
public struct PostgresRideShareRepository: RideShareRepository {
    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func link(rideID: RideID) async throws -> RideShare? {
        try await database.query(
            "SELECT ride_id, user_id, token_hash, salt, created_at FROM ride_shares WHERE ride_id = \(rideID.rawValue)"
        )
        .first.map { row in
            let (rideID, userID, hash, salt, createdAt) = try row.decode((Int64, Int64, String, String, Int64).self)
            return RideShare(
                rideID: RideID(rideID), userID: UserID(userID), tokenHash: SessionTokenHash(hex: hash), salt: salt,
                createdAt: PostgresTime.date(seconds: createdAt))
        }
    }

    /// The session's row is read `FOR SHARE` first: an access change deleting it waits for this transaction, and its
    /// own delete of the rider's links (a later statement) then sees this one; one that came first leaves no session
    /// to find, and nothing is stored.
    public func save(_ link: RideShare, session: SessionTokenHash) async throws -> Bool {
        try await database.transaction { transaction in
            let live = try await transaction.query(
                """
                SELECT 1 FROM sessions WHERE token_hash = \(session.hex) AND user_id = \(link.userID.rawValue)
                FOR SHARE
                """)
            guard !live.isEmpty else { return false }
            let stored = try await transaction.query(
                """
                INSERT INTO ride_shares (ride_id, user_id, token_hash, salt, created_at)
                SELECT id, user_id, \(link.tokenHash.hex), \(link.salt), \(PostgresTime.seconds(link.createdAt))
                FROM rides WHERE id = \(link.rideID.rawValue) AND user_id = \(link.userID.rawValue)
                ON CONFLICT (ride_id) DO UPDATE
                SET token_hash = excluded.token_hash, salt = excluded.salt, created_at = excluded.created_at
                RETURNING 1
                """)
            guard !stored.isEmpty else { return false }
            try await PostgresChanges.notifySessionsEnded(of: link.userID, in: transaction)
            return true
        }
    }

    @discardableResult
    public func deleteAll(userID: UserID) async throws -> Int {
        try await database.transaction { transaction in try await Self.deleteAll(userID: userID, in: transaction) }
    }

    /// Ends the rider's links in the caller's transaction, telling every process if any ended; how many.
    static func deleteAll(userID: UserID, in transaction: PostgresTransaction) async throws -> Int {
        let deleted = try await transaction.query(
            "DELETE FROM ride_shares WHERE user_id = \(userID.rawValue) RETURNING 1")
        if !deleted.isEmpty { try await PostgresChanges.notifySessionsEnded(of: userID, in: transaction) }
        return deleted.count
    }

    public func owner(tokenHash: SessionTokenHash) async throws -> SharedRideOwner? {
        try await database.query(
            """
            SELECT sh.ride_id, u.nickname FROM ride_shares AS sh JOIN users AS u ON u.id = sh.user_id
            WHERE sh.token_hash = \(tokenHash.hex)
            """
        )
        .first.map { row in
            let (rideID, nickname) = try row.decode((Int64, String).self)
            return SharedRideOwner(rideID: RideID(rideID), nickname: nickname)
        }
    }
}
