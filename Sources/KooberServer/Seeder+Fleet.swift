import Foundation
import KooberKit

extension Seeder {
    /// Gives every free animal in service a ride of a new rider nobody follows, assigned as though the animal stood
    /// 100 km from the pick-up: hours on its way, so rides requested afterwards stay `finding`. Returns how many.
    func occupyFleet() async throws -> Int {
        let animals = try await services.fleetRepository.freeAnimals()
        let blockers = try await riders(
            count: animals.count, emailPrefix: "blocker", password: RandomToken.generate())
        let pickup = try await services.locator.currentLocation()
        let dropoff = try await sortedPlaces()[0]
        for (animal, blocker) in zip(animals, blockers) {
            let ride = try await requestRide(
                userID: blocker.id, option: animal.rideOptionID, dropoff: dropoff, at: wholeSecondsNow)
            let faraway = Animal(
                id: animal.id, name: animal.name, rideOptionID: animal.rideOptionID,
                location: Self.location(kilometres: 100, bearing: 0, from: pickup))
            _ = try await apply(.assign(ride, animal: faraway, at: now()))
        }
        return animals.count
    }

    /// `count` animals beyond the fleet (numbered after it, in turn by option), each standing `kilometres` from the
    /// pick-up, spread evenly around it; they are in service until koober provides its own fleet again.
    func animalsAway(count: Int, kilometres: Double) async throws -> [Animal] {
        let pickup = try await services.locator.currentLocation()
        let perOption = (count + RideOption.all.count - 1) / RideOption.all.count
        var extra: [FleetMember] = []
        for index in 0..<perOption * RideOption.all.count {
            let option = RideOption.all[index % RideOption.all.count]
            let number = fleetSize + 1 + index / RideOption.all.count
            let bearing = 2 * Double.pi * Double(index) / Double(perOption * RideOption.all.count)
            extra.append(
                FleetMember(
                    rideOptionID: option.id, number: number, name: "Seeded \(option.name) \(number)",
                    restingPlace: Self.location(kilometres: kilometres, bearing: bearing, from: pickup)))
        }
        try await services.fleetRepository.provide(Fleet.members(size: fleetSize) + extra)
        let names = Set(extra.map(\.name))
        let free = try await services.fleetRepository.freeAnimals().filter { names.contains($0.name) }
        guard free.count >= count else {
            throw SeedError("only \(free.count) of the \(count) animals added are free")
        }
        return Array(free.prefix(count))
    }

    /// The point `kilometres` from `origin` towards `bearing` (radians clockwise from north), on a flat map: close
    /// enough at a city's scale.
    static func location(kilometres: Double, bearing: Double, from origin: Location) -> Location {
        let kilometresPerDegree = 111.2
        return Location(
            latitude: origin.latitude + kilometres / kilometresPerDegree * cos(bearing),
            longitude: origin.longitude + kilometres / (kilometresPerDegree * cos(origin.latitude * .pi / 180))
                * sin(bearing)
        )
    }
}
