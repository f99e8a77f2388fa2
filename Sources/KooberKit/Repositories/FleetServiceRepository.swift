/// Koober Ops' fleet (SPEC.md, "Koober Ops", **Fleet**): every animal as staff see it, and **Take Out of Service** /
/// **Return to Service**, each in one transaction with its audit row (`audit`).
///
/// Out of service is staff's own mark, kept apart from the configured fleet (`FleetRepository.provide`, which never
/// touches it). The store's assignment checks the mark in the same statement or transaction that assigns
/// (`RideRepository.apply`), so no dispatcher, in any process, gives a marked animal a new ride; an animal marked while
/// on a ride finishes it.
public protocol FleetServiceRepository: Sendable {
    /// Every animal of the fleet in service (`FleetRepository.provide`'s), lowest id first: where it stands, its mark,
    /// and the ride it carries, if any, all read at one moment.
    func standings() async throws -> [FleetStanding]
    /// Marks the animal out of service, in one transaction with `audit` (`tookOutOfService`). Throws
    /// `FleetServiceRepositoryError.noSuchAnimal` or `.alreadyOutOfService`, writing nothing.
    func takeOutOfService(animalID: AnimalID, audit: AuditEntry) async throws
    /// Clears the mark, in one transaction with `audit` (`returnedToService`). Throws
    /// `FleetServiceRepositoryError.noSuchAnimal` or `.notOutOfService`, writing nothing.
    func returnToService(animalID: AnimalID, audit: AuditEntry) async throws
}

/// Refusals of a `FleetServiceRepository`: nothing was written, no audit row either.
public enum FleetServiceRepositoryError: Error, Equatable, Sendable {
    /// No animal of the fleet in service has that id.
    case noSuchAnimal
    case alreadyOutOfService
    case notOutOfService
}
