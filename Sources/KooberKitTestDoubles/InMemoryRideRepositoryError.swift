import KooberKit

/// Refusals of `InMemoryRideRepository` where the SQLite one hits a CHECK constraint.
public enum InMemoryRideRepositoryError: Error, Equatable, Sendable {
    /// A ride option other than Koober's three (`RideOption.all`).
    case unknownRideOption(String)
    /// A fare below zero.
    case negativeFare(Cents)
}
