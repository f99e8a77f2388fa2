import KooberKit

protocol LoadRideHistoryUseCaseFactory {
    func makeLoadRideHistoryUseCase(before: RideHistoryCursor?, pageSize: Int) -> LoadRideHistoryUseCase
    func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase
}
