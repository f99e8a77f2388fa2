import Foundation
import KooberKit

extension Seeder {
    /// A booking for each rider, every one starting at `start` (its pick-up `ScheduledRidePolicy.startLead` later, at
    /// real time's clock rate), the options in turn and the drop-offs among the places, at the fares Koober quotes.
    /// Stored as Schedule stores one (`ScheduledRideRepository.book`, which keeps the rules about the rider's other
    /// bookings), but without the 15 minutes' lead Schedule asks of a rider, so that a benchmark need not wait them.
    func bookings(for riders: [UserProfile], startingAt start: Date) async throws -> [ScheduledRide] {
        let pickup = try await services.locator.currentLocation()
        let places = try await sortedPlaces()
        let pickupAt = start + start.timeIntervalSince(ScheduledRidePolicy(clockRate: 1).startTime(pickupAt: start))
        var made: [ScheduledRide] = []
        for (index, rider) in riders.enumerated() {
            let option = RideOption.all[index % RideOption.all.count]
            let dropoff = places[index % places.count]
            guard let quote = RideQuote.all(from: pickup, to: dropoff).first(where: { $0.option.id == option.id })
            else {
                throw SeedError("no fare for \(option.id)")
            }
            made.append(
                try await services.scheduledRideRepository.book(
                    NewScheduledRide(
                        userID: rider.id, pickup: pickup, dropoffID: dropoff.id, rideOptionID: option.id,
                        fareCents: quote.fareCents, pickupAt: pickupAt, bookedAt: now())))
        }
        return made
    }
}
