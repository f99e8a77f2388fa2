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
    /// Koober's public address, which share links are shown on (`--public-url`).
    let publicURL: String
    let useCaseFactory: any PickMeUpUseCaseFactory
    let now: @Sendable () -> Date

    /// The step the rider is at, as storage says: every tab and device shows the same.
    func show(
        error: ErrorMessage? = nil, status: HTTPResponseStatus = .ok, notice: ErrorMessage? = nil,
        schedule: ScheduleFormViewState = ScheduleFormViewState()
    ) async throws -> Response {
        let state = try await useCaseFactory.makeLoadRideStateUseCase().run()
        var quotes: [RideQuote] = []
        var availability: FleetAvailability?
        var record: RideRecord?
        var sharing: RideSharingViewState?
        switch state {
        case .choosingDropoff:
            break
        case .choosingRideOption(let dropoff):
            quotes = RideQuote.all(from: pickupLocation, to: dropoff)
            availability = try await useCaseFactory.makeLoadFleetAvailabilityUseCase().run()
        case .following(let ride):
            if ride.status == .finished {
                record = try await useCaseFactory.makeLoadRideReceiptUseCase(rideID: ride.id).run()
            } else if ride.progress(at: now()).status.isInProgress {
                let rideSharing = try await useCaseFactory.makeLoadRideShareUseCase(rideID: ride.id).run(
                    readWithRide: ride.share)
                sharing = RideSharingViewState(sharing: rideSharing, publicURL: publicURL)
            }
        }
        let viewState = PickMeUpViewState(
            state: state, pickupLocation: pickupLocation, quotes: quotes, availability: availability, record: record,
            sharing: sharing, now: now(), riderNickname: riderNickname, mapTiles: mapTiles, csrfToken: csrfToken,
            error: error, notice: notice, schedule: schedule, templates.words
        )
        return templates.response(.ride, viewState, status: status)
    }

    /// The ride-option picker's Confirm (step 2); `rideOptionID` is `nil` when the form was sent without a choice.
    func confirm(rideOptionID: String?) async throws -> Response {
        do {
            _ = try await useCaseFactory.makeRequestRideUseCase(rideOptionID: rideOptionID).run()
            return .redirect(to: Route.ride.path)
        } catch let error as RequestRideError {
            return try await show(error: error.errorMessage(templates.words), status: error.status)
        }
    }

    /// Schedule, beside Confirm (step 2): books the chosen option for the Pick-up time, and shows step 1 with
    /// **Your Wallaroo is booked for Sat 28 Nov at 9:30 am**; a refusal is step 2 again (422) with the fields as sent
    /// and the problem beside its field.
    func schedule(rideOptionID: String?, date: String, time: String) async throws -> Response {
        do {
            let booked = try await useCaseFactory.makeBookScheduledRideUseCase(
                rideOptionID: rideOptionID, date: date, time: time
            ).run()
            return try await show(notice: ScheduledRideNotice.booked(booked, templates.words))
        } catch let error as BookScheduledRideError {
            return try await show(
                error: error.errorMessage(templates.words),
                status: error == .accountLocked ? .forbidden : .unprocessableEntity,
                schedule: ScheduleFormViewState(date: date, time: time, refusal: error, words: templates.words))
        }
    }

    /// Cancel Ride, before pick-up; once riding (or over) the page says why not.
    func cancel() async throws -> Response {
        do {
            _ = try await useCaseFactory.makeCancelRideUseCase().run()
            return .redirect(to: Route.ride.path)
        } catch let error as CancelRideError {
            return try await show(error: error.errorMessage(templates.words), status: .conflict)
        }
    }

    /// Share Ride, while the ride is in progress: the page then shows the link (the same one again while it lives).
    func share() async throws -> Response {
        do {
            _ = try await useCaseFactory.makeShareRideUseCase().run()
            return .redirect(to: Route.ride.path)
        } catch ShareRideError.noLiveRide {
            return try await show(error: ShareRideError.noLiveRide.errorMessage(templates.words), status: .conflict)
        } catch ShareRideError.sessionEnded {
            return .redirect(to: Route.welcome.path)
        }
    }

    /// Stop Sharing: the ride's link ends (and its watchers' streams).
    func stopSharing() async throws -> Response {
        try await useCaseFactory.makeStopSharingRideUseCase().run()
        return .redirect(to: Route.ride.path)
    }

    /// Start New Ride, once the ride has ended (step 3).
    func startNewRide() async throws -> Response {
        try await useCaseFactory.makeStartNewRideRequestUseCase().run()
        return .redirect(to: Route.ride.path)
    }
}
