import Foundation
import HTTPServer
import KooberKit
import KooberMap
import NIOHTTP1

/// Pick me up: the signed-in home in its three steps, and the ride-option picker and waiting actions.
struct PickMeUpScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let riderNickname: String
    let pickupLocation: Location
    let mapTiles: MapTiles
    let useCaseFactory: any PickMeUpUseCaseFactory
    let now: @Sendable () -> Date

    /// The step the rider is at, as storage says: every tab and device shows the same.
    func show(error: ErrorMessage? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let state = try await useCaseFactory.makeLoadRideStateUseCase().run()
        var quotes: [RideQuote] = []
        var availability: FleetAvailability?
        var record: RideRecord?
        switch state {
        case .choosingDropoff:
            break
        case .choosingRideOption(let dropoff):
            quotes = RideQuote.all(from: pickupLocation, to: dropoff)
            availability = try await useCaseFactory.makeLoadFleetAvailabilityUseCase().run()
        case .following(let ride):
            if ride.status == .finished {
                record = try await useCaseFactory.makeLoadRideReceiptUseCase(rideID: ride.id).run()
            }
        }
        let viewState = PickMeUpViewState(
            state: state, pickupLocation: pickupLocation, quotes: quotes, availability: availability, record: record,
            now: now(), riderNickname: riderNickname, mapTiles: mapTiles, csrfToken: csrfToken, error: error
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

    /// Cancel Ride, before pick-up; once riding (or over) the page says why not.
    func cancel() async throws -> Response {
        do {
            _ = try await useCaseFactory.makeCancelRideUseCase().run()
            return .redirect(to: Route.ride.path)
        } catch let error as CancelRideError {
            return try await show(error: error.errorMessage, status: .conflict)
        }
    }

    /// Start New Ride, once the ride has ended (step 3).
    func startNewRide() async throws -> Response {
        try await useCaseFactory.makeStartNewRideRequestUseCase().run()
        return .redirect(to: Route.ride.path)
    }
}
