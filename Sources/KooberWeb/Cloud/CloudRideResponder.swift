import Foundation
import HTTPServer
import KooberKit
import NIOHTTP1

/// Koober Cloud's rides, for a rider at a pick-up: the ride options and the places (`GET /rideOptions`,
/// `GET /locations`), a ride requested (`POST /ride`), and the ride in progress, read and cancelled
/// (`/api/v1/rides/current`). The ride is the pages' ride: requested here, it is followed on `/ride` as well.
struct CloudRideResponder {
    /// The words of the language the caller's `Accept-Language` asks for: the answers' messages are in it.
    let words: Words
    /// The pick-me-up scope at the request's pick-up: the pages' own use cases, with the drop-off the request names.
    let useCaseFactory: KooberPickMeUpDependencyContainer
    let links: CloudLinks
    let now: @Sendable () -> Date

    /// Every option, smallest first (any of them serves every pick-up in Sydney).
    func rideOptions() throws -> Response {
        try CloudJSON.response(RideOption.all.map { CloudRideOption($0, links: links) })
    }

    /// The places matching `query`, ranked as the drop-off picker ranks them (nearest the pick-up first).
    func locations(query: String) async throws -> Response {
        do {
            let places = try await useCaseFactory.makeSearchDropoffLocationsUseCase(query: query).run()
            return try CloudJSON.response(places.map(CloudNamedLocation.init))
        } catch let error as SearchDropoffLocationsError {
            throw CloudError.rejected(error.errorMessage(words).naming("query"))
        }
    }

    /// Requests a ride to one of Koober's places (`dropoffID`, which must be at `location`): an empty 200 once it is
    /// stored, as the book's app expects.
    func requestRide(rideOptionID: String, dropoffID: PlaceID?, at location: Location) async throws -> Response {
        do {
            guard let dropoffID else { throw RequestRideError.unknownPlace }
            _ = try await useCaseFactory.makeRequestRideUseCase(
                rideOptionID: rideOptionID, dropoffID: dropoffID, at: location
            ).run()
            return Response(status: .ok)
        } catch let error as RequestRideError {
            throw CloudError.rejected(
                error.errorMessage(words).naming(Self.field(of: error)), status: error.status)
        }
    }

    /// The ride the rider follows now, as the stream tells it; 404 when there is none.
    func currentRide() async throws -> Response {
        guard let record = try await useCaseFactory.makeLoadLiveRideUseCase().run() else {
            throw CloudError.rejected(
                ErrorMessage(title: words("cloud.noRide"), message: words("cloud.noRideToFollow")), status: .notFound)
        }
        return try CloudJSON.response(CloudRide(record.ride, at: now(), words))
    }

    /// Cancel Ride, before pick-up: the cancelled ride; 409 once riding, 404 with nothing to cancel.
    func cancel() async throws -> Response {
        do {
            let cancelled = try await useCaseFactory.makeCancelRideUseCase().run()
            return try CloudJSON.response(CloudRide(cancelled, at: now(), words))
        } catch let error as CancelRideError {
            throw CloudError.rejected(
                error.errorMessage(words), status: error == .alreadyRiding ? .conflict : .notFound)
        }
    }

    /// Share Ride: the ride's link (the same one again for this token while it lives); 404 without a ride in
    /// progress, 401 when the token ended meanwhile.
    func share(publicURL: String) async throws -> Response {
        do {
            let token = try await useCaseFactory.makeShareRideUseCase().run()
            return try CloudJSON.response(CloudRideShare(token: token, publicURL: publicURL))
        } catch ShareRideError.noLiveRide {
            throw CloudError.rejected(ShareRideError.noLiveRide.errorMessage(words), status: .notFound)
        } catch ShareRideError.sessionEnded {
            throw CloudError.noToken
        }
    }

    /// Stop Sharing: 204, whether or not a link lived.
    func stopSharing() async throws -> Response {
        try await useCaseFactory.makeStopSharingRideUseCase().run()
        return Response(status: .noContent)
    }

    /// The request's field each refusal is about, as the book's app names it.
    private static func field(of error: RequestRideError) -> String? {
        switch error {
        case .noRideOptionChosen, .unknownRideOption: "rideOptionID"
        case .unknownPlace, .placeElsewhere, .noDropoffChosen: "waypoints.dropoffLocation"
        case .pickupOutsideSydney: "waypoints.pickupLocation"
        case .rideAlreadyRequested, .accountLocked: nil
        }
    }
}

extension ErrorMessage {
    /// The message with its words as the problem of `field` too (when there is one).
    func naming(_ field: String?) -> ErrorMessage {
        guard let field else { return self }
        return ErrorMessage(title: title, message: message, fieldErrors: [field: message])
    }
}
