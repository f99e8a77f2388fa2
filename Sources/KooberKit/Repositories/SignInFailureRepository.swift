import Foundation

/// Failed sign-ins per (normalised) email, for throttling.
public protocol SignInFailureRepository: Sendable {
    func recordFailure(email: String, at time: Date) async throws
    /// How many failures for `email` happened at or after `since`.
    func failureCount(email: String, since: Date) async throws -> Int
    /// The time of the most recent failure for `email`, if any.
    func lastFailure(email: String) async throws -> Date?
    /// Forgets the failures of `email` (after a successful sign-in).
    func clearFailures(email: String) async throws
    /// Forgets failures older than `cutoff`.
    func deleteFailures(before cutoff: Date) async throws
}
