/// Koober's animals.
public protocol FleetRepository: Sendable {
    /// Makes `members` the fleet in service: adds those not stored yet (at their resting places) and takes out of
    /// service stored animals beyond them. Animals already stored keep where they stand.
    func provide(_ members: [FleetMember]) async throws
    /// Animals in service, not taken out of service by staff (`FleetServiceRepository`), that carry no ride in
    /// progress, where they stand.
    func freeAnimals() async throws -> [Animal]
}
