import Foundation
import KooberKit

/// Failed sign-ins in the `sign_in_failures` table, one row per failure, by normalised email and client address.
public struct SQLiteSignInFailureRepository: SignInFailureRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func recordFailure(email: String, address: String, at time: Date) async throws {
        let email = EmailAddress.normalize(email)
        try await database.write { connection in
            try connection.execute(
                "INSERT INTO sign_in_failures (email, client_address, failed_at) VALUES (?, ?, ?)",
                [.text(email), .text(address), .unixSeconds(time)]
            )
        }
    }

    public func failureCount(_ scope: SignInFailureScope, since: Date) async throws -> Int {
        let (condition, values) = Self.condition(for: scope)
        return try await database.read { connection in
            let rows = try connection.query(
                "SELECT count(*) AS failures FROM sign_in_failures WHERE \(condition) AND failed_at >= ?",
                values + [.unixSeconds(since)]
            )
            return try rows[0].int("failures")
        }
    }

    public func lastFailure(_ scope: SignInFailureScope) async throws -> Date? {
        let (condition, values) = Self.condition(for: scope)
        return try await database.read { connection in
            let rows = try connection.query(
                "SELECT max(failed_at) AS last_failure FROM sign_in_failures WHERE \(condition)", values
            )
            // max() over no rows is one row holding NULL.
            return rows[0]["last_failure"]?.dateValue
        }
    }

    public func clearFailures(email: String, address: String) async throws {
        let (condition, values) = Self.condition(for: .pair(email: email, address: address))
        try await database.write { connection in
            try connection.execute("DELETE FROM sign_in_failures WHERE \(condition)", values)
        }
    }

    public func deleteFailures(before cutoff: Date) async throws {
        try await database.write { connection in
            try connection.execute("DELETE FROM sign_in_failures WHERE failed_at < ?", [.unixSeconds(cutoff)])
        }
    }

    /// The `WHERE` condition selecting `scope`'s rows: fixed SQL text per scope (so each statement is prepared once),
    /// the email and address bound.
    private static func condition(for scope: SignInFailureScope) -> (sql: String, values: [SQLiteValue]) {
        switch scope {
        case .pair(let email, let address):
            ("email = ? AND client_address = ?", [.text(EmailAddress.normalize(email)), .text(address)])
        case .address(let address):
            ("client_address = ?", [.text(address)])
        case .email(let email):
            ("email = ?", [.text(EmailAddress.normalize(email))])
        }
    }
}
