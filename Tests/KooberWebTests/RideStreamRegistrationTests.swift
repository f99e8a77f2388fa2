import Foundation
import HTTPServer
import KooberKit
import KooberTestSupport
import Logging
import TestBrowsing
import Testing

@testable import KooberWeb

/// A ride's stream registers with the feed after the ride is read: news stored and published in between reaches no
/// observer of it, so the stream reads the ride again once registered. Issue 45's rush hour found the race: 1–2 % of
/// the streams said `finding` until their animal arrived.
struct RideStreamRegistrationTests {
    /// Answers every request with `respond`'s stream.
    private struct StreamResponder: Responder {
        let respond: @Sendable () async throws -> Response

        func respond(to request: Request) async -> Response {
            (try? await respond()) ?? Response(status: .internalServerError)
        }
    }

    @Test func newsStoredAfterTheReadButBeforeTheRegistrationIsTheFirstEvent() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        let services = app.container.services
        let johnny = try #require(try await services.userRepository.credentials(forEmail: "johnny@gmail.com")).profile
        let stale = try #require(
            try await LoadLiveRideUseCase(
                userID: johnny.id, now: app.clock.now, rideRepository: services.rideRepository
            )
            .run())
        #expect(stale.ride.status == .finding)
        // The dispatcher stores the assignment and publishes it before the stream registers: nobody hears it.
        let assigned = try await DispatchRidesUseCase(
            now: app.clock.now, rideRepository: services.rideRepository, fleetRepository: services.fleetRepository
        ).run()
        #expect(assigned.map(\.status) == [.onTheWay])
        app.container.rideFeed.publish(assigned)

        let templates = app.container.templates
        let responder = RideEventsResponder(
            watcher: .rider(session: SessionToken.generate().hash), errors: ErrorPages(templates: templates),
            words: templates.words, feed: app.container.rideFeed, now: { app.clock.now })
        let stream = StreamResponder {
            try await responder.respond(record: stale, lastEventID: nil) {
                try await services.rideRepository.ride(id: $0)
            }
        }
        try await TestServer.withRunning(
            stream, configuration: app.container.makeServerConfiguration(host: "127.0.0.1", port: 0),
            logger: Logger(label: "koober.test-server", factory: { _ in SwiftLogNoOpLogHandler() })
        ) { port in
            let client = try await EventStreamClient.open(port: port)
            #expect(try await client.wait { $0.events.count >= 1 })
            #expect(client.events.first?.data.contains("\"status\":\"on_the_way\"") == true, "\(client.events)")
        }
    }
}
