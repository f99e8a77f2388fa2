import KooberKit

/// The use cases of the pick-me-up screen (its three steps).
protocol PickMeUpUseCaseFactory {
    /// Starts from the state read with the rider's session in this request, if it was (`Route.sessionRead`).
    func makeLoadRideStateUseCase() -> LoadRideStateUseCase
    func makeRequestRideUseCase(rideOptionID: String?) -> RequestRideUseCase
    /// Schedule, with the Pick-up time's two fields as sent.
    func makeBookScheduledRideUseCase(rideOptionID: String?, date: String, time: String) -> BookScheduledRideUseCase
    func makeStartNewRideRequestUseCase() -> StartNewRideRequestUseCase
    func makeLoadFleetAvailabilityUseCase() -> LoadFleetAvailabilityUseCase
    func makeCancelRideUseCase() -> CancelRideUseCase
    func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase
    func makeShareRideUseCase() -> ShareRideUseCase
    func makeStopSharingRideUseCase() -> StopSharingRideUseCase
    /// The ride's link, when this session made it and it lives.
    func makeLoadRideShareUseCase(rideID: RideID) -> LoadRideShareUseCase
}
