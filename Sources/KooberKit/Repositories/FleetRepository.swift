/// Koober's animals.
public protocol FleetRepository: Sendable {
    /// Makes `members` the fleet in service: adds those not stored yet (at their resting places) and takes out of
    /// service stored animals beyond them. Animals already stored keep where they stand.
    func provide(_ members: [FleetMember]) async throws
    /// Animals in service, not taken out of service by staff (`FleetServiceRepository`), that carry no ride in
    /// progress, where they stand.
    func freeAnimals() async throws -> [Animal]
    /// The ride options of which an animal is free.
    func rideOptionsWithFreeAnimals() async throws -> Set<String>
    /// The free animal of the option nearest `location`: `Animal.nearest(among:to:)` of the free animals of that option.
    /// The stores find it through the fleet's spatial index (`FleetGrid`), so that its cost does not grow with the
    /// fleet.
    func nearestFreeAnimal(rideOptionID: String, to location: Location) async throws -> Animal?
}

extension FleetRepository {
    /// From every free animal: for the in-memory stores of the use cases' tests.
    public func rideOptionsWithFreeAnimals() async throws -> Set<String> {
        Set(try await freeAnimals().map(\.rideOptionID))
    }

    /// From every free animal: for the in-memory stores of the use cases' tests.
    public func nearestFreeAnimal(rideOptionID: String, to location: Location) async throws -> Animal? {
        Animal.nearest(among: try await freeAnimals().filter { $0.rideOptionID == rideOptionID }, to: location)
    }
}
