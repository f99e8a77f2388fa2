import Foundation

/// Gives waiting rides their animals: in the order they were requested, each gets the nearest free animal of its
/// option; a ride whose option has none free keeps waiting (and keeps its place in the queue).
///
/// Safe with any number of dispatchers at once: an assignment is applied only if the ride is still the one read
/// and the animal still free (`RideRepository.apply`), so a dispatcher that loses a race just moves on.
public struct DispatchRidesUseCase: Sendable {
    /// The most waiting rides looked at in one run.
    public static let batchSize = 1_000

    let now: Date
    let rideRepository: any RideRepository
    let fleetRepository: any FleetRepository

    public init(now: Date, rideRepository: any RideRepository, fleetRepository: any FleetRepository) {
        self.now = now
        self.rideRepository = rideRepository
        self.fleetRepository = fleetRepository
    }

    /// Returns the rides assigned.
    @discardableResult
    public func run() async throws -> [Ride] {
        // The options with an animal free first: with none (a busy fleet), the queue need not be read at all.
        var options = try await fleetRepository.rideOptionsWithFreeAnimals()
        guard !options.isEmpty else { return [] }
        // Only rides of the options with an animal free: a long queue for one option must not hide, beyond the
        // batch, the rides of another that could go now.
        let waiting = try await rideRepository.findingRides(rideOptionIDs: options, limit: Self.batchSize)
        var assigned: [Ride] = []
        for ride in waiting where options.contains(ride.rideOptionID) {
            // Read anew for each ride, through the fleet's spatial index: the animal just assigned is no longer free.
            guard
                let animal = try await fleetRepository.nearestFreeAnimal(
                    rideOptionID: ride.rideOptionID, to: ride.pickup)
            else {
                options.remove(ride.rideOptionID)
                continue
            }
            if let ride = try await rideRepository.apply(.assign(ride, animal: animal, at: now)) {
                assigned.append(ride)
            }
        }
        return assigned
    }
}
