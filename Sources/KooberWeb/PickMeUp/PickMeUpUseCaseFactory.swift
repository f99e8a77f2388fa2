import KooberKit

/// The use cases of the pick-me-up screen (its three steps).
protocol PickMeUpUseCaseFactory {
    /// `readWithSession`: the state read with the rider's session, when it was (`GET /ride`).
    func makeLoadRideStateUseCase() -> LoadRideStateUseCase
    func makeRequestRideUseCase(rideOptionID: String?) -> RequestRideUseCase
    func makeStartNewRideRequestUseCase() -> StartNewRideRequestUseCase
    func makeLoadFleetAvailabilityUseCase() -> LoadFleetAvailabilityUseCase
    func makeCancelRideUseCase() -> CancelRideUseCase
    func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase
}
