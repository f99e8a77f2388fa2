import KooberKit

/// Refusals of the in-memory repositories where the SQLite ones hit a constraint.
public enum InMemoryRepositoryError: Error, Equatable, Sendable {
    /// A session whose token hash is already in use (a PRIMARY KEY in SQLite).
    case duplicateTokenHash
    /// A row for a user that doesn't exist (a FOREIGN KEY in SQLite).
    case unknownUser
}
