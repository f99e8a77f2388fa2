import Foundation

/// Failed sign-ins by (normalised) email and client address, for throttling.
public protocol SignInFailureRepository: Sendable {
    func recordFailure(email: String, address: String, at time: Date) async throws
    /// How many failures in `scope` happened at or after `since`.
    func failureCount(_ scope: SignInFailureScope, since: Date) async throws -> Int
    /// The time of the most recent failure in `scope`, if any.
    func lastFailure(_ scope: SignInFailureScope) async throws -> Date?
    /// Forgets the failures of `email` from `address` (after a successful sign-in from there): failures from
    /// elsewhere stay counted, so a rider signing in does not lift a lockout someone else earned.
    func clearFailures(email: String, address: String) async throws
    /// Forgets failures older than `cutoff`.
    func deleteFailures(before cutoff: Date) async throws
}
