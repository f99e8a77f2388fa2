import Foundation
import KooberKit
import PostgresNIO
import Timekeeping

/// The request quota every process shares (`request_quota`): a key gets `limit` requests within `window` whichever
/// processes they reach.
///
/// As `PostgresSignUpThrottle`: a request counts and inserts under a transaction-scoped advisory lock on its key, so
/// simultaneous requests for one key, on one process or several, take their turns and cannot all fit. The locks are
/// in a key space of their own (the two-key form), apart from the sign-up throttle's and the migrations'. Each row
/// keeps when it leaves its window, and every request deletes the rows that have left theirs, whatever their key:
/// the table holds one window's requests at most. A refused request writes nothing, and a key is kept as its SHA-256
/// in hex (`RecentRequests.storedKey`), never as the client's text: an email of 16 KB takes a row of 64 bytes.
public struct PostgresRequestQuota: RequestQuota {
    /// The advisory locks' first key ("quot").
    static let lockSpace: Int32 = 0x71_75_6F_74

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func take(_ key: String, limit: Int, window: Duration, at now: Date) async throws -> Bool {
        let key = RecentRequests.storedKey(key)
        let time = PostgresTime.milliseconds(now)
        let cutoff = PostgresTime.milliseconds(now - window)
        let expiry = PostgresTime.milliseconds(now + window)
        return try await database.transaction { transaction in
            try await transaction.execute("SELECT pg_advisory_xact_lock(\(Self.lockSpace), hashtext(\(key)))")
            try await transaction.execute("DELETE FROM request_quota WHERE expires_at_ms <= \(time)")
            let recent = try await transaction.query(
                "SELECT count(*) FROM request_quota WHERE key = \(key) AND at_ms > \(cutoff)"
            )
            guard try recent[0].decode(Int64.self) < Int64(limit) else { return false }
            try await transaction.execute(
                "INSERT INTO request_quota (key, at_ms, expires_at_ms) VALUES (\(key), \(time), \(expiry))"
            )
            return true
        }
    }
}
