import Foundation
import KooberKit

extension Seeder {
    /// A ride `finding` for each rider, requested now, the options in turn and the drop-offs among the places.
    func findingRides(for riders: [UserProfile]) async throws -> [Ride] {
        let places = try await sortedPlaces()
        var made: [Ride] = []
        for (index, rider) in riders.enumerated() {
            made.append(
                try await requestRide(
                    userID: rider.id, option: RideOption.all[index % RideOption.all.count].id,
                    dropoff: places[index % places.count], at: wholeSecondsNow))
        }
        return made
    }

    /// A ride `on_the_way` for each rider, assigned now to an animal of its own standing `kilometres` away
    /// (`animalsAway`): at 24 km/h, 8 km is 20 minutes on the way.
    func ridesOnTheWay(for riders: [UserProfile], kilometres: Double) async throws -> [Ride] {
        let animals = try await animalsAway(count: riders.count, kilometres: kilometres)
        let places = try await sortedPlaces()
        var made: [Ride] = []
        for (index, (rider, animal)) in zip(riders, animals).enumerated() {
            let ride = try await requestRide(
                userID: rider.id, option: animal.rideOptionID, dropoff: places[index % places.count],
                at: wholeSecondsNow)
            made.append(try await apply(.assign(ride, animal: animal, at: now())))
        }
        return made
    }

    /// A burst: a ride `finding` for each rider, requested at random times in the last ten minutes (so that id order
    /// is not request order) for random options, all while the fleet is out of service; then the fleet is provided
    /// again in one transaction. A running koober's dispatcher finds every ride and every animal at one look, as if
    /// the rides had come in one transaction. Returns the rides and when the fleet came back.
    func burst(for riders: [UserProfile]) async throws -> (rides: [Ride], fleetBackAt: Date) {
        let places = try await sortedPlaces()
        try await services.fleetRepository.provide([])
        var made: [Ride] = []
        for (index, rider) in riders.enumerated() {
            let requestedAt = wholeSecondsNow.addingTimeInterval(-Double(Int.random(in: 0..<600)))
            made.append(
                try await requestRide(
                    userID: rider.id, option: RideOption.all.randomElement()!.id,
                    dropoff: places[index % places.count], at: requestedAt))
        }
        try await services.fleetRepository.provide(Fleet.members(size: fleetSize))
        return (made, now())
    }
}
