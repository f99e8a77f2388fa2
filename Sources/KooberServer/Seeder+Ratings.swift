import Foundation
import KooberKit

extension Seeder {
    /// Rates every free animal of the fleet once for each of `stars`, as its riders would: a rater rides with the
    /// animal to the end (two hours ago, as a history's rides end) and sends Rate Your Ride (`RateRideUseCase`, whose
    /// rules and whose one transaction with the animal's running total apply). Returns each animal with its total, as
    /// stored afterwards.
    func rateFleet(stars: [Int]) async throws -> [(animal: Animal, rating: AnimalRating)] {
        let animals = try await services.fleetRepository.freeAnimals()
        let raters = try await riders(count: stars.count, emailPrefix: "rater", password: RandomToken.generate())
        let dropoff = try await sortedPlaces()[0]
        let requestedAt = wholeSecondsNow.addingTimeInterval(-2 * 3600)
        var rated: [(animal: Animal, rating: AnimalRating)] = []
        for animal in animals {
            for (rater, value) in zip(raters, stars) {
                let ride = try await requestRide(
                    userID: rater.id, option: animal.rideOptionID, dropoff: dropoff, at: requestedAt)
                let onTheWay = try await apply(.assign(ride, animal: animal, at: requestedAt.addingTimeInterval(20)))
                guard let finish = RideChange.advance(onTheWay, to: .distantFuture) else {
                    throw SeedError("ride \(ride.id) does not move on")
                }
                _ = try await apply(finish)
                _ = try await RateRideUseCase(
                    FeedbackTarget(
                        userID: rater.id, rideID: ride.id, now: now(), rideRepository: services.rideRepository,
                        feedbackRepository: services.rideFeedbackRepository)
                ).run(stars: value, compliments: [], tip: .none)
                try await services.rideRepository.startNewRide(userID: rater.id)
            }
            rated.append((animal, try await services.rideFeedbackRepository.animalRating(animalID: animal.id)))
        }
        return rated
    }
}
