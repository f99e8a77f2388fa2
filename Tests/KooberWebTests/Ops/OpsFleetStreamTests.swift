import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import TestKit
import Testing

@testable import KooberWeb

/// The fleet's live stream as a staff page uses it (SPEC.md, **Fleet**): within its limits (4 a session, 100 in all:
/// beyond, 429 **Too Many Streams**), and over at Sign Out.
@Suite struct OpsFleetStreamTests {
    private static func cookie(_ browser: TestBrowser) throws -> String {
        "koober_ops=\(try #require(browser.cookie(named: "koober_ops")).value)"
    }

    @Test func aFifthStreamOfOneSessionIsRefusedAndAnotherSessionStillGetsOne() async throws {
        let app = try await KooberTestApp(fleetSize: 1)
        let (_, fleet) = try await OpsRidersTests.member(app, .fleet)
        let (_, admin) = try await OpsRidersTests.member(app, .admin)
        try await app.withServer { port in
            var open: [EventStreamClient] = []
            for _ in 1...4 {
                let client = try await EventStreamClient.open(
                    port: port, path: "/ops/fleet/events", headers: [("Cookie", try Self.cookie(fleet))])
                #expect(try await client.wait { $0.events.count >= 1 })
                #expect(client.status == 200)
                open.append(client)
            }
            let fifth = try await EventStreamClient.open(
                port: port, path: "/ops/fleet/events", headers: [("Cookie", try Self.cookie(fleet))])
            #expect(try await fifth.wait { $0.received.contains("</html>") })
            #expect(fifth.status == 429)
            #expect(fifth.received.contains("Too Many Streams"))
            #expect(fifth.events.isEmpty)
            #expect(fifth.received.lowercased().contains("retry-after: 30"))
            #expect(await eventually(within: BusyMachine.patience) { app.container.rideFeed.fleet.count == 4 })

            let other = try await EventStreamClient.open(
                port: port, path: "/ops/fleet/events", headers: [("Cookie", try Self.cookie(admin))])
            #expect(try await other.wait { $0.events.count >= 1 })
            #expect(other.status == 200)
            for client in open + [fifth, other] { await client.close() }
        }
    }

    @Test func signOutEndsTheSessionsStreamsAndNoOthers() async throws {
        let app = try await KooberTestApp(fleetSize: 1)
        let (_, fleet) = try await OpsRidersTests.member(app, .fleet)
        let (_, admin) = try await OpsRidersTests.member(app, .admin)
        try await app.withServer { port in
            let mine = try await EventStreamClient.open(
                port: port, path: "/ops/fleet/events", headers: [("Cookie", try Self.cookie(fleet))])
            let theirs = try await EventStreamClient.open(
                port: port, path: "/ops/fleet/events", headers: [("Cookie", try Self.cookie(admin))])
            #expect(try await mine.wait { $0.events.count >= 1 })
            #expect(try await theirs.wait { $0.events.count >= 1 })

            try await fleet.press("Sign Out")
            #expect(fleet.path == "/ops/signin")
            #expect(try await mine.wait { $0.isClosed })
            #expect(!theirs.isClosed)
            #expect(await eventually(within: BusyMachine.patience) { app.container.rideFeed.fleet.count == 1 })
            await theirs.close()
        }
    }
}
