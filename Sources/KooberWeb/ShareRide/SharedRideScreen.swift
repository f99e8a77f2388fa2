import Foundation
import HTTPServer
import KooberKit
import KooberMap

/// A shared ride for anyone with its link, signed in or not: its page (`GET /share/<token>`) and its stream
/// (`GET /share/<token>/events`, the rider's own events through the same feed, counted as the ride's watchers). A
/// link that is malformed, unknown, stopped, ended with access, or whose ride has ended gets one page, the same bytes
/// for all (`ended`), so nothing tells which tokens ever existed.
struct SharedRideScreen {
    let templates: TemplateRenderer
    let mapTiles: MapTiles
    let feed: RideFeed
    let now: @Sendable () -> Date
    let makeLoadSharedRideUseCase: (RideShareToken?) -> LoadSharedRideUseCase

    func show(token: RideShareToken?) async throws -> Response {
        guard let token, let sharedRide = try await makeLoadSharedRideUseCase(token).run() else { return ended() }
        return templates.response(
            .sharedRide,
            SharedRideViewState(sharedRide: sharedRide, token: token, now: now(), mapTiles: mapTiles, templates.words))
    }

    func events(token: RideShareToken?, lastEventID: String?) async throws -> Response {
        guard let token, let sharedRide = try await makeLoadSharedRideUseCase(token).run() else { return ended() }
        let watcher = RideWatcher.share(link: sharedRide.tokenHash, rideID: sharedRide.record.ride.id)
        return try await RideEventsResponder(
            watcher: watcher, errors: ErrorPages(templates: templates), words: templates.words, feed: feed, now: now
        )
        .respond(record: sharedRide.record, lastEventID: lastEventID) { _ in
            try await makeLoadSharedRideUseCase(token).run()?.record.ride
        }
    }

    /// **This ride is no longer shared** (410): nothing in it depends on the link.
    func ended() -> Response {
        templates.response(.shareEnded, ShareEndedViewState(), status: .gone)
    }
}

/// The ended link's page: its words only (the template's).
struct ShareEndedViewState: Sendable, Encodable {
    let homePath = Route.launch.path
}
