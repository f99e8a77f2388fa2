import Foundation
import KooberKit
import PostgresNIO

/// Failed sign-ins in the `sign_in_failures` table, one row per failure, by normalised email and client address:
/// shared by every process, so a throttle counts the failures made through any of them.
public struct PostgresSignInFailureRepository: SignInFailureRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func recordFailure(email: String, address: String, at time: Date) async throws {
        try await database.query(
            """
            INSERT INTO sign_in_failures (email, client_address, failed_at)
            VALUES (\(EmailAddress.normalize(email)), \(address), \(PostgresTime.seconds(time)))
            """
        )
    }

    public func failureCount(_ scope: SignInFailureScope, since: Date) async throws -> Int {
        let since = PostgresTime.seconds(since)
        let rows: [PostgresRow]
        switch scope {
        case .pair(let email, let address):
            rows = try await database.query(
                """
                SELECT count(*) FROM sign_in_failures
                WHERE email = \(EmailAddress.normalize(email)) AND client_address = \(address) AND failed_at >= \(since)
                """
            )
        case .address(let address):
            rows = try await database.query(
                "SELECT count(*) FROM sign_in_failures WHERE client_address = \(address) AND failed_at >= \(since)"
            )
        case .email(let email):
            rows = try await database.query(
                """
                SELECT count(*) FROM sign_in_failures
                WHERE email = \(EmailAddress.normalize(email)) AND failed_at >= \(since)
                """
            )
        }
        return Int(try rows[0].decode(Int64.self))
    }

    public func lastFailure(_ scope: SignInFailureScope) async throws -> Date? {
        let rows: [PostgresRow]
        switch scope {
        case .pair(let email, let address):
            rows = try await database.query(
                """
                SELECT max(failed_at) FROM sign_in_failures
                WHERE email = \(EmailAddress.normalize(email)) AND client_address = \(address)
                """
            )
        case .address(let address):
            rows = try await database.query(
                "SELECT max(failed_at) FROM sign_in_failures WHERE client_address = \(address)"
            )
        case .email(let email):
            rows = try await database.query(
                "SELECT max(failed_at) FROM sign_in_failures WHERE email = \(EmailAddress.normalize(email))"
            )
        }
        return try rows[0].decode(Int64?.self).map(PostgresTime.date(seconds:))
    }

    public func clearFailures(email: String, address: String) async throws {
        try await database.query(
            """
            DELETE FROM sign_in_failures WHERE email = \(EmailAddress.normalize(email)) AND client_address = \(address)
            """
        )
    }

    public func deleteFailures(before cutoff: Date) async throws {
        try await database.query("DELETE FROM sign_in_failures WHERE failed_at < \(PostgresTime.seconds(cutoff))")
    }
}
