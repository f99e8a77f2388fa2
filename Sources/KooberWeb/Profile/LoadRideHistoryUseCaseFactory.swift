import KooberKit

protocol LoadRideHistoryUseCaseFactory {
    func makeLoadRideHistoryUseCase() -> LoadRideHistoryUseCase
}
