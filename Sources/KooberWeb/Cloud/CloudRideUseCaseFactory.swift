import KooberKit

/// The use cases of Koober Cloud's rides: the pick-me-up screen's, with the drop-off named by the request itself.
protocol CloudRideUseCaseFactory {
    func makeSearchDropoffLocationsUseCase(query: String) -> SearchDropoffLocationsUseCase
    func makeRequestRideUseCase(rideOptionID: String, dropoffID: PlaceID, at location: Location) -> RequestRideUseCase
    func makeLoadLiveRideUseCase() -> LoadLiveRideUseCase
    func makeCancelRideUseCase() -> CancelRideUseCase
}
