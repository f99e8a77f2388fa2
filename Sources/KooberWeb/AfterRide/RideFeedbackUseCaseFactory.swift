import KooberKit

/// Makes the use cases of a ride's receipt, Rate Your Ride and Report a Problem, for the signed-in rider, at the
/// app's clock.
protocol RideFeedbackUseCaseFactory {
    func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase
    func makeRateRideUseCase(rideID: RideID) -> RateRideUseCase
    func makeReportProblemUseCase(rideID: RideID) -> ReportProblemUseCase
}
