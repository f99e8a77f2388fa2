import Foundation
import HTTPServer
import KooberKit
import KooberTestSupport
import KooberWeb
import TestBrowsing
import TestKit
import Testing
import Timekeeping

/// `GET /ride/events` over a real socket, served by the real `HTTPServer`.
@Suite struct RideEventStreamTests {
    /// Signs Johnny in (in-process, on the same app) and requests a Wallaroo to the Opera House; returns his cookie.
    private func riderWithRide(_ app: KooberTestApp) async throws -> (TestBrowser, String) {
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        return (browser, try sessionCookie(browser))
    }

    private func statuses(_ client: EventStreamClient) -> [String] {
        client.events.compactMap { event in
            (try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])?["status"] as? String
        }
    }

    /// Consecutive repeats (position events) folded into one.
    private func changes(_ statuses: [String]) -> [String] {
        statuses.reduce(into: []) { folded, status in if folded.last != status { folded.append(status) } }
    }

    @Test func aWholeRideStreamsEveryStatusInOrderWithPositionsAndEnds() async throws {
        // Rate 30, not 60: the moving statuses last long enough that a position event (every 2 s) falls in them even
        // when a busy machine is slow to look (at 60 a CI run once saw every moving status only as passed).
        let app = try await KooberTestApp(rideClockRate: 30) { $0.clock = SystemClock() }
        let (_, cookie) = try await riderWithRide(app)
        try await app.withServer { port in
            let client = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            #expect(try await client.wait { $0.events.count >= 1 })
            #expect(client.status == 200)
            #expect(client.received.lowercased().contains("content-type: text/event-stream"))
            #expect(statuses(client) == ["finding"])
            let first = try #require(client.events.first)
            #expect(first.data.contains("\"headline\":\"Finding your Wallaroo…\""))
            #expect(first.data.contains("\"eta_seconds\":null") && first.data.contains("\"position\":null"))

            let dispatcher = Task { try await app.container.rideDispatcher.run() }
            defer { dispatcher.cancel() }
            #expect(try await client.wait(timeout: .seconds(120)) { $0.isClosed })
            #expect(changes(statuses(client)) == ["finding", "on_the_way", "arrived", "riding", "finished"])
            let last = try #require(client.events.last)
            #expect(last.data.contains("\"headline\":\"You have arrived\""))
            // A moving event carries the animal's position and its ETA; or, when the stream looked only after the clock
            // had moved the ride past that status (a busy machine, a short hop at rate 60), it is the passed status,
            // told without either (`appendPassed`), so that no status is skipped.
            let moving = client.events.filter {
                $0.data.contains("\"status\":\"on_the_way\"") || $0.data.contains("\"status\":\"riding\"")
            }
            let located = moving.filter { $0.data.contains("\"latitude\":") }
            #expect(located.allSatisfy { !$0.data.contains("\"eta_seconds\":null") })
            #expect(
                moving.allSatisfy {
                    $0.data.contains("\"latitude\":")
                        || ($0.data.contains("\"position\":null") && $0.data.contains("\"eta_seconds\":null"))
                })
            #expect(!located.isEmpty)
        }
    }

    /// News that comes late (another process assigned the animal, and this one hears of it only when the ride is
    /// over) skips no status: the stream tells each status the ride went through, in order.
    @Test func lateNewsStillTellsEveryStatusTheRideWentThrough() async throws {
        let app = try await KooberTestApp()
        let (_, cookie) = try await riderWithRide(app)
        let services = app.container.services
        try await app.withServer { port in
            let client = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            #expect(try await client.wait { $0.events.count >= 1 })
            try await DispatchRidesUseCase(
                now: app.clock.now, rideRepository: services.rideRepository, fleetRepository: services.fleetRepository
            ).run()
            app.clock.advance(by: 2 * 60 * 60)
            try await app.container.rideDispatcher.runOnce()
            #expect(try await client.wait { $0.isClosed })
            #expect(statuses(client) == ["finding", "on_the_way", "arrived", "riding", "finished"])
        }
    }

    @Test func anIdleStreamSendsHeartbeats() async throws {
        let app = try await KooberTestApp {
            $0.clock = SystemClock()
            $0.rideStreamPolicy.heartbeatInterval = .milliseconds(200)
        }
        let (_, cookie) = try await riderWithRide(app)
        try await app.withServer { port in
            let client = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            #expect(
                try await client.wait { $0.received.components(separatedBy: ": heartbeat\n").count > 3 })
            #expect(statuses(client) == ["finding"])
            #expect(!client.isClosed)
            await client.close()
        }
    }

    @Test func lastEventIDResumesWithTheStatusesMissedInOrder() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let (_, cookie) = try await riderWithRide(app)
        try await app.container.rideDispatcher.runOnce()
        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: UserID(1)))
        app.clock.advance(by: try #require(ride.timeline()).departsPickup.timeIntervalSince(app.clock.now) + 0.1)
        try await app.withServer { port in
            let client = try await EventStreamClient.open(
                port: port, headers: [("Cookie", cookie), ("Last-Event-ID", "\(ride.id.rawValue).1.3")])
            #expect(try await client.wait { $0.events.count >= 2 })
            #expect(statuses(client) == ["arrived", "riding"])
            #expect(client.events.map(\.id) == ["\(ride.id.rawValue).2.0", "\(ride.id.rawValue).3.0"])
            await client.close()

            // A forged or foreign id is no id: the stream starts with the present.
            for forged in ["99999999999999999999.1.0", "1.-1.0", "x", "\(ride.id.rawValue).9.0", "7.1.0"] {
                let fresh = try await EventStreamClient.open(
                    port: port, headers: [("Cookie", cookie), ("Last-Event-ID", forged)])
                #expect(try await fresh.wait { $0.events.count >= 1 })
                #expect(statuses(fresh) == ["riding"])
                await fresh.close()
            }
        }
    }

    @Test func theStreamEndsWithACancelledRide() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (browser, cookie) = try await riderWithRide(app)
        try await app.container.rideDispatcher.runOnce()  // as `koober` runs it from the start
        try await app.withServer { port in
            let client = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            #expect(try await client.wait { $0.events.count >= 1 })
            try await browser.press("Cancel Ride")
            try await app.container.rideDispatcher.runOnce()
            #expect(try await client.wait { $0.isClosed })
            #expect(changes(statuses(client)) == ["on_the_way", "cancelled"])
            #expect(client.events.last?.data.contains("\"headline\":\"Ride cancelled\"") == true)

            // Reconnecting with the last event's id: nothing more to say (204 stops an EventSource).
            let again = try await EventStreamClient.open(
                port: port, headers: [("Cookie", cookie), ("Last-Event-ID", try #require(client.events.last?.id))])
            #expect(try await again.wait { $0.status != nil })
            #expect(again.status == 204)
            await again.close()
        }
    }

    @Test func signingOutEndsTheRidersStreams() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (browser, cookie) = try await riderWithRide(app)
        try await app.withServer { port in
            let client = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            #expect(try await client.wait { $0.events.count >= 1 })
            try await browser.signOut()
            #expect(try await client.wait { $0.isClosed })
            #expect(app.container.rideFeed.count == 0)
        }
    }

    /// Another process (here a second app on the same file) signs one of the rider's sessions out; told so by the
    /// store (`SharedStoreChanges`, which PostgreSQL's NOTIFY feeds), this process ends that session's streams only.
    @Test func aSessionEndedByAnotherProcessEndsItsStreamsHereAndNoOthers() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (_, cookie) = try await riderWithRide(app)
        let secondDevice = app.browser()
        try await secondDevice.signInAsJohnny()
        let otherCookie = "koober_session=\(try #require(secondDevice.cookie(named: "koober_session")).value)"
        let johnny = try #require(
            try await app.container.services.userRepository.credentials(forEmail: "johnny@gmail.com"))
        try await app.container.rideDispatcher.runOnce()  // as `koober` runs it from the start
        try await app.withServer { port in
            let signedOut = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            let kept = try await EventStreamClient.open(port: port, headers: [("Cookie", otherCookie)])
            #expect(try await signedOut.wait { $0.events.count >= 1 })
            #expect(try await kept.wait { $0.events.count >= 1 })

            let otherProcess = try await KooberTestApp(databasePath: app.databasePath)
            let browser = otherProcess.browser()
            browser.setCookie("koober_session", String(cookie.dropFirst("koober_session=".count)))
            try await browser.visit("/profile")
            try await browser.signOut()
            app.container.services.storeChanges.sessionsEnded(of: johnny.profile.id)

            #expect(try await signedOut.wait { $0.isClosed })
            // The other session's stream still follows the ride: it hears the ride's cancel, and only then ends.
            try await secondDevice.press("Cancel Ride")
            try await app.container.rideDispatcher.runOnce()
            #expect(try await kept.wait { $0.isClosed })
            #expect(statuses(kept).last == "cancelled")
            await kept.close()
            try await otherProcess.close()
        }
    }

    @Test func withoutASessionOrARideThereIsNothingToStream() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let cookie = "koober_session=\(try #require(browser.cookie(named: "koober_session")).value)"
        try await app.withServer { port in
            for headers in [[], [("Cookie", "koober_session=forged")], [("Cookie", cookie)]] {
                let client = try await EventStreamClient.open(port: port, headers: headers)
                #expect(try await client.wait { $0.status != nil })
                #expect(client.status == 204)
                await client.close()
            }
        }
    }

    /// The session cookie of `browser`, as a `Cookie` header's value.
    private func sessionCookie(_ browser: TestBrowser) throws -> String {
        "koober_session=\(try #require(browser.cookie(named: "koober_session")).value)"
    }

    /// Skippy, signed up with a Kangaroo to MOMA; returns his cookie.
    private func skippyWithRide(_ app: KooberTestApp) async throws -> String {
        let skippy = app.browser()
        try await skippy.signUp(TestBrowser.Account())
        try await skippy.requestRide(to: "MOMA", option: "Kangaroo")
        return try sessionCookie(skippy)
    }

    /// Opens a stream with `headers` and waits for its first event (`accepted`) or for its refusal, a 429 with
    /// `Retry-After`.
    private func stream(
        port: Int, path: String = "/ride/events", _ headers: [(String, String)], accepted: Bool = true
    ) async throws -> EventStreamClient {
        let client = try await EventStreamClient.open(port: port, path: path, headers: headers)
        if accepted {
            #expect(try await client.wait { $0.events.count >= 1 })
            #expect(client.status == 200)
        } else {
            #expect(try await client.wait { $0.status != nil })
            #expect(client.status == 429)
            #expect(client.received.contains("Retry-After: 30"))
        }
        return client
    }

    @Test func beyondFourStreamsPerSessionAndTheLimitInAllTheAnswerIs429() async throws {
        let app = try await KooberTestApp {
            $0.clock = SystemClock()
            $0.rideStreamPolicy.total = 6
        }
        let (_, johnny) = try await riderWithRide(app)
        let skippy = try await skippyWithRide(app)
        try await app.withServer { port in
            var open: [EventStreamClient] = []
            for _ in 0..<4 { open.append(try await stream(port: port, [("Cookie", johnny)])) }
            let fifth = try await stream(port: port, [("Cookie", johnny)], accepted: false)
            for _ in 0..<2 { open.append(try await stream(port: port, [("Cookie", skippy)])) }
            let beyondAll = try await stream(port: port, [("Cookie", skippy)], accepted: false)

            // A stream that closes gives its place back.
            await open.removeFirst().close()
            #expect(try await eventually { app.container.rideFeed.count == 5 })
            let again = try await stream(port: port, [("Cookie", johnny)])
            for client in open + [fifth, beyondAll, again] { await client.close() }
        }
    }

    /// Streams are shared fairly (issue 29): sessions are free to mint, so a rider gets at most 8 streams across all
    /// their sessions and tokens, and another rider is not refused for it.
    @Test func beyondEightStreamsPerRiderAcrossSessionsAndTokensTheAnswerIs429() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (_, first) = try await riderWithRide(app)
        var cookies = [first]
        for _ in 0..<2 {
            let browser = app.browser()
            try await browser.signInAsJohnny()
            cookies.append(try sessionCookie(browser))
        }
        let client = app.cloudClient()
        #expect(try await client.logIn(email: "johnny@gmail.com", password: "password").status == .ok)
        let token = try #require(client.token)
        let skippy = try await skippyWithRide(app)
        try await app.withServer { port in
            var open: [EventStreamClient] = []
            for cookie in cookies[0..<2] {
                for _ in 0..<4 { open.append(try await stream(port: port, [("Cookie", cookie)])) }
            }
            // A third browser's first stream, and the app's token, are the rider's ninth.
            let ninth = try await stream(port: port, [("Cookie", cookies[2])], accepted: false)
            let byToken = try await stream(
                port: port, path: "/api/v1/rides/current/events", [("Authorization", "Bearer \(token)")],
                accepted: false)
            let skippys = try await stream(port: port, [("Cookie", skippy)])

            // One closed, the third browser gets its place.
            await open.removeFirst().close()
            #expect(try await eventually { app.container.rideFeed.count == 8 })
            let now = try await stream(port: port, [("Cookie", cookies[2])])
            for client in open + [ninth, byToken, skippys, now] { await client.close() }
        }
    }

    /// A stream ends only when its own ride ends, its session does, or the server stops (issue 29): news of the
    /// rider's earlier ride, published late, is not a reason to end it (it used to end on any other ride's news).
    @Test func newsOfTheRidersEarlierRideDoesNotEndTheStreamOfTheirRideNow() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (browser, cookie) = try await riderWithRide(app)
        let rides = app.container.services.rideRepository
        let earlier = try #require(try await rides.followedRide(userID: UserID(1)))
        try await browser.press("Cancel Ride")
        try await browser.press("Start New Ride")
        try await browser.requestRide(to: "MOMA", option: "Kangaroo")
        try await app.container.rideDispatcher.runOnce()
        let now = try #require(try await rides.followedRide(userID: UserID(1)))
        #expect(now.id != earlier.id)
        try await app.withServer { port in
            let client = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            #expect(try await client.wait { $0.events.count >= 1 })
            // The earlier ride's last change, heard late; then the present ride's cancel.
            app.container.rideFeed.publish([try #require(try await rides.ride(id: earlier.id))])
            try await browser.press("Cancel Ride")
            try await app.container.rideDispatcher.runOnce()
            #expect(try await client.wait { $0.isClosed })
            #expect(statuses(client).last == "cancelled")
            #expect(client.events.allSatisfy { $0.id?.hasPrefix("\(now.id.rawValue).") == true })
        }
    }

    @Test func aHeadRequestGetsTheHeadAndHoldsNoPlace() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (_, cookie) = try await riderWithRide(app)
        try await app.withServer { port in
            let client = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            await client.close()
            let head = try await TCPTransport(host: "127.0.0.1", port: port).send(
                Request(method: .HEAD, uri: "/ride/events", headers: ["Cookie": cookie]))
            #expect(head.status == .ok)
            #expect(try await eventually { app.container.rideFeed.count == 0 })
        }
    }

    /// Stopping ends the streams itself, rather than leaving them to the grace period's end: here the grace period is
    /// a minute, so a stop that took it would show.
    @Test func aServerWithFiveHundredStreamsOpenEndsThemWhenItStops() async throws {
        let app = try await KooberTestApp {
            $0.clock = SystemClock()
            $0.rideStreamPolicy.perSession = 1_000
            $0.rideStreamPolicy.perRider = 1_000
        }
        let (_, cookie) = try await riderWithRide(app)
        var configuration = app.container.makeServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownTimeout = .seconds(60)
        var clients: [EventStreamClient] = []
        var stopping = ContinuousClock.now
        try await TestServer.withRunning(app.responder, configuration: configuration) { port in
            for _ in 0..<500 {
                clients.append(try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)]))
            }
            for client in clients { #expect(try await client.wait { $0.events.count >= 1 }) }
            #expect(app.container.rideFeed.count == 500)
            stopping = .now
        }
        #expect(ContinuousClock.now - stopping < BusyMachine.patience)
        for client in clients { #expect(try await client.wait { $0.isClosed }) }
        #expect(app.container.rideFeed.count == 0)
    }
}
