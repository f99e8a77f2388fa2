import KooberKit

/// The use cases of a rider's scheduled rides, beside pick-me-up and on My Profile.
protocol ScheduledRidesUseCaseFactory {
    func makeLoadUpcomingRidesUseCase() -> LoadUpcomingRidesUseCase
    func makeCancelScheduledRideUseCase(id: ScheduledRideID) -> CancelScheduledRideUseCase
}
