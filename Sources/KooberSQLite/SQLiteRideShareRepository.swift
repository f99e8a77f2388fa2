import Foundation
import KooberKit

/// Share links in `ride_shares`, one per ride (its primary key), by their token's hash only; a link goes with its
/// ride and its rider (`ON DELETE CASCADE`), and with the rider's sessions (`SQLiteUserSessionRepository.endSessions`).
public struct SQLiteRideShareRepository: RideShareRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func link(rideID: RideID) async throws -> RideShare? {
        try await database.read { connection in try Self.link(rideID: rideID, on: connection) }
    }

    /// Within a read (pick-me-up's ride state reads it in its snapshot).
    static func link(rideID: RideID, on connection: SQLiteConnection) throws -> RideShare? {
        try connection.query(
            "SELECT ride_id, user_id, token_hash, salt, created_at FROM ride_shares WHERE ride_id = ?",
            [.integer(rideID.rawValue)]
        )
        .first.map { row in
            RideShare(
                rideID: RideID(try row.int64("ride_id")), userID: UserID(try row.int64("user_id")),
                tokenHash: SessionTokenHash(hex: try row.string("token_hash")), salt: try row.string("salt"),
                createdAt: try row.date("created_at"))
        }
    }

    /// The ride and the session are read by the insert itself (SQLite has one writer, so an access change comes wholly
    /// before or after it).
    public func save(_ link: RideShare, session: SessionTokenHash) async throws -> Bool {
        try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO ride_shares (ride_id, user_id, token_hash, salt, created_at)
                SELECT r.id, r.user_id, ?, ?, ? FROM rides AS r
                JOIN sessions AS s ON s.user_id = r.user_id AND s.token_hash = ?
                WHERE r.id = ? AND r.user_id = ?
                ON CONFLICT (ride_id) DO UPDATE
                SET token_hash = excluded.token_hash, salt = excluded.salt, created_at = excluded.created_at
                """,
                [
                    .text(link.tokenHash.hex), .text(link.salt), .unixSeconds(link.createdAt), .text(session.hex),
                    .integer(link.rideID.rawValue), .integer(link.userID.rawValue),
                ]
            ) == 1
        }
    }

    @discardableResult
    public func deleteAll(userID: UserID) async throws -> Int {
        try await database.write { connection in try Self.deleteAll(userID: userID, on: connection) }
    }

    /// Ends the rider's links on `connection`, in the caller's transaction; how many.
    static func deleteAll(userID: UserID, on connection: SQLiteConnection) throws -> Int {
        try connection.execute("DELETE FROM ride_shares WHERE user_id = ?", [.integer(userID.rawValue)])
    }

    public func owner(tokenHash: SessionTokenHash) async throws -> SharedRideOwner? {
        try await database.read { connection in
            try connection.query(
                """
                SELECT sh.ride_id, u.nickname FROM ride_shares AS sh JOIN users AS u ON u.id = sh.user_id
                WHERE sh.token_hash = ?
                """,
                [.text(tokenHash.hex)]
            )
            .first.map { row in
                SharedRideOwner(rideID: RideID(try row.int64("ride_id")), nickname: try row.string("nickname"))
            }
        }
    }
}
