import KooberKit

/// The use cases of the pick-me-up screen (its three steps).
protocol PickMeUpUseCaseFactory {
    func makeLoadRideStateUseCase() -> LoadRideStateUseCase
    func makeLoadRideOptionsUseCase(dropoff: NamedLocation) -> LoadRideOptionsUseCase
    func makeRequestRideUseCase(rideOptionID: String?) -> RequestRideUseCase
    func makeStartNewRideRequestUseCase() -> StartNewRideRequestUseCase
}
