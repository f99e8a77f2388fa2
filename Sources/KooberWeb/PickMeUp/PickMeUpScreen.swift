import HTTPServer
import KooberKit
import NIOHTTP1

/// Pick me up: the signed-in home in its three steps, and the ride-option picker and waiting actions.
struct PickMeUpScreen: RideOptionPickerIxResponder, WaitingForPickupIxResponder {
    let templates: TemplateRenderer
    let csrfToken: String
    let riderNickname: String
    let pickupLocation: Location
    let useCaseFactory: any PickMeUpUseCaseFactory

    /// The step the rider is at, as storage says: every tab and device shows the same.
    func show(error: ErrorMessage? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let state = try await useCaseFactory.makeLoadRideStateUseCase().run()
        let quotes: [RideQuote]
        if case .choosingRideOption(let dropoff) = state {
            quotes = useCaseFactory.makeLoadRideOptionsUseCase(dropoff: dropoff).run()
        } else {
            quotes = []
        }
        let viewState = PickMeUpViewState(
            state: state, pickupLocation: pickupLocation, quotes: quotes, riderNickname: riderNickname,
            csrfToken: csrfToken, error: error
        )
        return templates.response(.ride, viewState, status: status)
    }

    func confirm(rideOptionID: String?) async throws -> Response {
        switch try await useCaseFactory.makeRequestRideUseCase(rideOptionID: rideOptionID).run() {
        case .success:
            return .redirect(to: Route.ride.path)
        case .failure(let error):
            let status: HTTPResponseStatus = error == .rideAlreadyRequested ? .conflict : .unprocessableEntity
            return try await show(error: error.errorMessage, status: status)
        }
    }

    func startNewRide() async throws -> Response {
        try await useCaseFactory.makeStartNewRideRequestUseCase().run()
        return .redirect(to: Route.ride.path)
    }
}
