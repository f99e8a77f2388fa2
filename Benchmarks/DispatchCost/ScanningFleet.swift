import KooberKit

/// A store's fleet read as the dispatcher read it before issue 45: every free animal at each search (the protocol's
/// own `nearestFreeAnimal`, from `freeAnimals()`), for `KooberDispatchCost --scan`, the "before" of the same run.
struct ScanningFleet: FleetRepository {
    let fleet: any FleetRepository

    func provide(_ members: [FleetMember]) async throws {
        try await fleet.provide(members)
    }

    func freeAnimals() async throws -> [Animal] {
        try await fleet.freeAnimals()
    }
}
