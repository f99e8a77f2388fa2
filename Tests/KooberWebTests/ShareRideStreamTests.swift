import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import TestKit
import Testing
import Timekeeping

/// `GET /share/<token>/events` over a real socket, served by the real `HTTPServer` (issue 32): a shared ride's
/// watchers, signed out, hear the rider's own events through the same feed, at most 20 of them a ride (not counted
/// among the rider's 8), and their streams end with Stop Sharing, every access change and the ride.
@Suite struct ShareRideStreamTests {
    private func statuses(_ client: EventStreamClient) -> [String] {
        client.events.compactMap { event in
            (try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])?["status"] as? String
        }
    }

    /// Signs a rider in (in-process, on the same app), requests a Wallaroo to the Opera House and shares it.
    private func sharedRide(_ app: KooberTestApp, account: TestBrowser.Account? = nil) async throws
        -> (TestBrowser, String)
    {
        let browser = app.browser()
        if let account { try await browser.signUp(account) } else { try await browser.signInAsJohnny() }
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        return (browser, try await browser.shareRide())
    }

    private func watch(port: Int, _ path: String) async throws -> EventStreamClient {
        let client = try await EventStreamClient.open(port: port, path: path + "/events")
        #expect(try await client.wait { $0.events.count >= 1 })
        #expect(client.status == 200)
        return client
    }

    /// Asks for one more watcher's stream, and expects it refused: 429 with `Retry-After`.
    private func refused(port: Int, _ path: String) async throws -> EventStreamClient {
        let client = try await EventStreamClient.open(port: port, path: path + "/events")
        #expect(try await client.wait { $0.status != nil })
        #expect(client.status == 429)
        #expect(client.received.contains("Retry-After: 30"))
        return client
    }

    /// The privacy test's stream half: a rider whose full name, email and mobile number are distinctive strings; a
    /// signed-out watcher follows the whole ride, and nothing of theirs but the nickname's ride is in the bytes.
    @Test func aSignedOutWatcherFollowsTheWholeRideAndHearsNothingElseOfTheRider() async throws {
        let app = try await KooberTestApp(rideClockRate: 60) { $0.clock = SystemClock() }
        let account = TestBrowser.Account(
            name: "Quintessa Zanzibar-Wombleton", nickname: "Quinn", email: "zanzibar.quokka@example.com",
            mobileNumber: "0499 987 123")
        let (rider, path) = try await sharedRide(app, account: account)
        let fare = try #require(try rider.text(at: "//dd[@class='ride-fare']"))
        try await app.withServer { port in
            let client = try await watch(port: port, path)
            #expect(client.received.lowercased().contains("content-type: text/event-stream"))
            #expect(statuses(client) == ["finding"])
            let dispatcher = Task { try await app.container.rideDispatcher.run() }
            defer { dispatcher.cancel() }
            #expect(try await client.wait(timeout: .seconds(60)) { $0.isClosed })
            let changes = statuses(client).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
            #expect(changes == ["finding", "on_the_way", "arrived", "riding", "finished"])
            for secret in [
                "Quintessa", "Zanzibar", "Wombleton", "quokka", "0499 987 123", "0499987123", "987 123", fare, "Quinn",
            ] {
                #expect(!client.received.contains(secret), "\(secret) is not in the stream")
            }
        }
    }

    /// A watcher's event ids do not carry the ride's number (issue 41: it told how many rides Koober has had), and
    /// resume as the rider's do; a rider's id, naming the ride, resumes nothing on a share link's stream.
    @Test func aWatchersEventIDsNameNoRideAndStillResume() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let (_, path) = try await sharedRide(app)
        try await app.container.rideDispatcher.runOnce()
        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: UserID(1)))
        app.clock.advance(by: try #require(ride.timeline()).departsPickup.timeIntervalSince(app.clock.now) + 0.1)
        try await app.withServer { port in
            let present = try await watch(port: port, path)
            #expect(present.events.map(\.id) == ["3.0"])
            await present.close()
            let resumed = try await EventStreamClient.open(
                port: port, path: path + "/events", headers: [("Last-Event-ID", "1.3")])
            #expect(try await resumed.wait { $0.events.count >= 2 })
            #expect(statuses(resumed) == ["arrived", "riding"])
            #expect(resumed.events.map(\.id) == ["2.0", "3.0"])
            await resumed.close()
            let ridersID = try await EventStreamClient.open(
                port: port, path: path + "/events", headers: [("Last-Event-ID", "\(ride.id.rawValue).1.3")])
            #expect(try await ridersID.wait { $0.events.count >= 1 })
            #expect(statuses(ridersID) == ["riding"])
            await ridersID.close()
        }
    }

    @Test func stopSharingEndsTheWatchersStreamsAndTheLinkAnswers410() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (rider, path) = try await sharedRide(app)
        try await app.withServer { port in
            let watchers = [try await watch(port: port, path), try await watch(port: port, path)]
            let own = try await EventStreamClient.open(
                port: port,
                headers: [("Cookie", "koober_session=\(try #require(rider.cookie(named: "koober_session")).value)")])
            #expect(try await own.wait { $0.events.count >= 1 })
            try await rider.press("Stop Sharing")
            for watcher in watchers { #expect(try await watcher.wait { $0.isClosed }) }
            #expect(!own.isClosed, "the rider's own stream goes on")
            let again = try await EventStreamClient.open(port: port, path: path + "/events")
            #expect(try await again.wait { $0.status != nil })
            #expect(again.status == 410)
            await again.close()
            await own.close()
        }
    }

    @Test(arguments: ["sign out everywhere", "change password", "delete account"])
    func anAccessChangeEndsTheWatchersStreams(change: String) async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (rider, path) = try await sharedRide(app)
        try await app.withServer { port in
            let watcher = try await watch(port: port, path)
            try await rider.endAccess(change)
            #expect(try await watcher.wait { $0.isClosed })
            #expect(try await eventually { app.container.rideFeed.count == 0 })
        }
    }

    /// Another process (here a second app on the same file) stops sharing; told so by the store
    /// (`SharedStoreChanges`, which PostgreSQL's NOTIFY feeds), this process ends the link's watchers' streams.
    @Test func aLinkEndedByAnotherProcessEndsItsWatchersStreamsHere() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (rider, path) = try await sharedRide(app)
        let cookie = try #require(rider.cookie(named: "koober_session")).value
        try await app.withServer { port in
            let watcher = try await watch(port: port, path)
            let otherProcess = try await KooberTestApp(databasePath: app.databasePath)
            let browser = otherProcess.browser()
            browser.setCookie("koober_session", cookie)
            try await browser.visit("/ride")
            try await browser.press("Stop Sharing")
            app.container.services.storeChanges.sessionsEnded(of: UserID(1))
            #expect(try await watcher.wait { $0.isClosed })
            try await otherProcess.close()
        }
    }

    /// At most 20 watchers a shared ride; the 21st gets 429 with `Retry-After`. The watchers count toward the 10,000
    /// in all but not toward the rider's own 8 (or a session's 4).
    @Test func theTwentyFirstWatcherGets429AndWatchersLeaveTheRidersOwnStreamsAlone() async throws {
        let app = try await KooberTestApp { $0.clock = SystemClock() }
        let (rider, path) = try await sharedRide(app)
        let cookie = "koober_session=\(try #require(rider.cookie(named: "koober_session")).value)"
        try await app.withServer { port in
            var open: [EventStreamClient] = []
            for _ in 0..<20 { open.append(try await watch(port: port, path)) }
            let twentyFirst = try await refused(port: port, path)
            for _ in 0..<4 {
                let own = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
                #expect(try await own.wait { $0.events.count >= 1 })
                #expect(own.status == 200, "the watchers are not the rider's streams")
                open.append(own)
            }
            #expect(app.container.rideFeed.count == 24)
            // One watcher leaves: the next one gets its place.
            await open.removeFirst().close()
            #expect(try await eventually { app.container.rideFeed.count == 23 })
            open.append(try await watch(port: port, path))
            for client in open + [twentyFirst] { await client.close() }
        }
    }

    @Test func theWatchersCountTowardTheLimitInAll() async throws {
        let app = try await KooberTestApp {
            $0.clock = SystemClock()
            $0.rideStreamPolicy.total = 3
        }
        let (_, path) = try await sharedRide(app)
        try await app.withServer { port in
            var open: [EventStreamClient] = []
            for _ in 0..<3 { open.append(try await watch(port: port, path)) }
            let beyond = try await refused(port: port, path)
            for client in open + [beyond] { await client.close() }
        }
    }
}
