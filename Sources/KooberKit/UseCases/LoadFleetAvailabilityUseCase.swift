/// Before the rider chooses: how far away each option's nearest free animal is now.
public struct LoadFleetAvailabilityUseCase: Sendable {
    let pickupLocation: Location
    let fleetRepository: any FleetRepository

    public init(pickupLocation: Location, fleetRepository: any FleetRepository) {
        self.pickupLocation = pickupLocation
        self.fleetRepository = fleetRepository
    }

    public func run() async throws -> FleetAvailability {
        FleetAvailability(freeAnimals: try await fleetRepository.freeAnimals(), pickup: pickupLocation)
    }
}
