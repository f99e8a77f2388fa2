import Foundation
import KooberKit

/// Failed sign-ins in the `sign_in_failures` table, one row per failure, by normalised email.
public struct SQLiteSignInFailureRepository: SignInFailureRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func recordFailure(email: String, at time: Date) async throws {
        let email = EmailAddress.normalize(email)
        try await database.write { connection in
            try connection.execute(
                "INSERT INTO sign_in_failures (email, failed_at) VALUES (?, ?)",
                [.text(email), .unixSeconds(time)]
            )
        }
    }

    public func failureCount(email: String, since: Date) async throws -> Int {
        let email = EmailAddress.normalize(email)
        return try await database.read { connection in
            let rows = try connection.query(
                "SELECT count(*) AS failures FROM sign_in_failures WHERE email = ? AND failed_at >= ?",
                [.text(email), .unixSeconds(since)]
            )
            return try rows[0].int("failures")
        }
    }

    public func lastFailure(email: String) async throws -> Date? {
        let email = EmailAddress.normalize(email)
        return try await database.read { connection in
            let rows = try connection.query(
                "SELECT max(failed_at) AS last_failure FROM sign_in_failures WHERE email = ?",
                [.text(email)]
            )
            // max() over no rows is one row holding NULL.
            return rows[0]["last_failure"]?.dateValue
        }
    }

    public func clearFailures(email: String) async throws {
        let email = EmailAddress.normalize(email)
        try await database.write { connection in
            try connection.execute("DELETE FROM sign_in_failures WHERE email = ?", [.text(email)])
        }
    }

    public func deleteFailures(before cutoff: Date) async throws {
        try await database.write { connection in
            try connection.execute("DELETE FROM sign_in_failures WHERE failed_at < ?", [.unixSeconds(cutoff)])
        }
    }
}
