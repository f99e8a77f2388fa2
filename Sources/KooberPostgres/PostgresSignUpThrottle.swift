import Foundation
import KooberKit
import PostgresNIO
import Timekeeping

/// The sign-up throttle shared by every process (`sign_ups`): an address gets `maximumAccounts` sign-ups within
/// `window` whichever processes it reaches.
///
/// A reservation counts and inserts under a transaction-scoped advisory lock on the address, so simultaneous
/// sign-ups from one address, on one process or several, take their turns and cannot all fit.
public struct PostgresSignUpThrottle: SignUpThrottling {
    private let database: PostgresDatabase
    private let policy: SignUpThrottlePolicy

    public init(database: PostgresDatabase, policy: SignUpThrottlePolicy = SignUpThrottlePolicy()) {
        self.database = database
        self.policy = policy
    }

    public func reserve(for address: String, at now: Date) async throws -> Bool {
        let cutoff = PostgresTime.milliseconds(now - policy.window)
        let time = PostgresTime.milliseconds(now)
        let maximum = Int64(policy.maximumAccounts)
        return try await database.transaction { transaction in
            try await transaction.execute("SELECT pg_advisory_xact_lock(hashtext(\(address)))")
            // What has aged out goes, for every address: the table holds one window's sign-ups at most.
            try await transaction.execute("DELETE FROM sign_ups WHERE signed_up_at_ms < \(cutoff)")
            let recent = try await transaction.query(
                "SELECT count(*) FROM sign_ups WHERE client_address = \(address)"
            )
            guard try recent[0].decode(Int64.self) < maximum else { return false }
            try await transaction.execute(
                "INSERT INTO sign_ups (client_address, signed_up_at_ms) VALUES (\(address), \(time))"
            )
            return true
        }
    }

    public func giveBack(for address: String, at time: Date) async throws {
        try await database.query(
            """
            DELETE FROM sign_ups WHERE ctid IN (
                SELECT ctid FROM sign_ups
                WHERE client_address = \(address) AND signed_up_at_ms = \(PostgresTime.milliseconds(time)) LIMIT 1
            )
            """
        )
    }
}
