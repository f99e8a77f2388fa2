import HTTPServer
import KooberKit
import NIOHTTP1

/// Pick me up: the signed-in home in its three steps, and the ride-option picker and waiting actions.
struct PickMeUpScreen {
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
            quotes = RideQuote.all(from: pickupLocation, to: dropoff)
        } else {
            quotes = []
        }
        let viewState = PickMeUpViewState(
            state: state, pickupLocation: pickupLocation, quotes: quotes, riderNickname: riderNickname,
            csrfToken: csrfToken, error: error
        )
        return templates.response(.ride, viewState, status: status)
    }

    /// The ride-option picker's Confirm (step 2); `rideOptionID` is `nil` when the form was sent without a choice.
    func confirm(rideOptionID: String?) async throws -> Response {
        do {
            _ = try await useCaseFactory.makeRequestRideUseCase(rideOptionID: rideOptionID).run()
            return .redirect(to: Route.ride.path)
        } catch let error as RequestRideError {
            let status: HTTPResponseStatus = error == .rideAlreadyRequested ? .conflict : .unprocessableEntity
            return try await show(error: error.errorMessage, status: status)
        }
    }

    /// Start New Ride, while the ride is on its way (step 3).
    func startNewRide() async throws -> Response {
        try await useCaseFactory.makeStartNewRideRequestUseCase().run()
        return .redirect(to: Route.ride.path)
    }
}
