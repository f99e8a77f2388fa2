import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// The fleet in Koober Ops (SPEC.md, **Fleet**): every animal on the map and in the table with its state; Take Out of
/// Service (on the audit log, and no waiting ride of its option gets it) and Return to Service (dispatched again); the
/// live stream on the riders' feed; and support's **Not Allowed**.
@Suite struct OpsFleetTests {
    /// The names of the table's animals, by state as the table says it.
    private func rows(_ browser: TestBrowser) throws -> [(name: String, option: String, state: String)] {
        let names = try browser.texts(at: "//table[contains(@class, 'fleet-table')]/tbody/tr/th")
        let options = try browser.texts(at: "//table[contains(@class, 'fleet-table')]/tbody/tr/td[1]")
        let states = try browser.texts(at: "//table[contains(@class, 'fleet-table')]/tbody/tr/td[2]")
        return zip(names, zip(options, states)).map { ($0, $1.0, $1.1) }
    }

    private func wallaroo(_ browser: TestBrowser) throws -> String {
        try #require(try rows(browser).first { $0.option == "Wallaroo" }).name
    }

    @Test func theFleetPageListsEveryAnimalOnTheMapAndInTheTableWithItsState() async throws {
        let app = try await KooberTestApp(fleetSize: 2)
        let (_, fleet) = try await OpsRidersTests.member(app, .fleet)
        try await fleet.clickLink("Fleet")
        #expect(fleet.path == "/ops/fleet")
        let rows = try rows(fleet)
        #expect(rows.count == 2 * RideOption.all.count)
        #expect(rows.allSatisfy { $0.state == "Free" })
        #expect(
            try fleet.all("//*[name()='svg']//*[name()='g'][contains(@class, 'fleet-mark fleet-free')]").count
                == rows.count)
        #expect(fleet.bodyText.contains("© OpenStreetMap contributors"))
        #expect(try fleet.all("//form[contains(@action, '/out-of-service')]").count == rows.count)
    }

    @Test func takenOutItShowsSoIsAuditedAndAWaitingRideWaitsUntilItIsReturned() async throws {
        let app = try await KooberTestApp(fleetSize: 1)
        let (member, fleet) = try await OpsRidersTests.member(app, .fleet)
        try await fleet.visit("/ops/fleet")
        let name = try wallaroo(fleet)

        try await fleet.press("Take Out of Service: \(name)")
        #expect(fleet.path == "/ops/fleet")
        #expect(try rows(fleet).first { $0.name == name }?.state == "Out of service")
        #expect(try fleet.all("//*[name()='g'][contains(@class, 'fleet-out_of_service')]").count == 1)
        let entries = try await app.container.services.auditLogRepository.entries(
            staff: nil, target: nil, before: nil, limit: 10)
        let animalID = try #require(
            try await app.container.services.fleetServiceRepository.standings().first { $0.animal.name == name }?.animal
                .id)
        #expect(entries.map(\.entry.action) == [.tookOutOfService])
        #expect(entries.first?.entry.target == .animal(animalID))
        #expect(entries.first?.entry.staffID == member.member.id)

        let rider = app.browser()
        try await rider.signInAsJohnny()
        try await rider.requestRide(to: "Opera House", option: "Wallaroo")
        try await app.container.rideDispatcher.runOnce()
        try await rider.visit("/ride")
        #expect(try rider.rideStatus() == "finding", "the only wallaroo is out of service")

        // A stale form (another tab): refused, nothing changes.
        let token = try #require(try fleet.formToken())
        try await fleet.post("/ops/fleet/\(animalID.rawValue)/out-of-service", fields: [("csrf_token", token)])
        #expect(fleet.status == .unprocessableEntity)
        #expect(try fleet.errorPanel()?.title == "Already Out of Service")
        try await fleet.press("Return to Service: \(name)")
        #expect(try rows(fleet).first { $0.name == name }?.state == "Free")
        try await app.container.rideDispatcher.runOnce()
        try await rider.visit("/ride")
        #expect(try rider.rideStatus() == "on_the_way")
        #expect(rider.bodyText.contains(name))
        try await fleet.visit("/ops/fleet")
        #expect(try rows(fleet).first { $0.name == name }?.state == "On a ride")
        let actions = try await app.container.services.auditLogRepository.entries(
            staff: nil, target: .animal(animalID), before: nil, limit: 10
        ).map(\.entry.action)
        #expect(actions == [.returnedToService, .tookOutOfService])
    }

    @Test func supportIsNotAllowedTheFleetNorItsEventsAndIsNotOfferedIt() async throws {
        let app = try await KooberTestApp(fleetSize: 1)
        let (_, support) = try await OpsRidersTests.member(app, .support)
        #expect(try support.all("//nav//a[.='Fleet']").isEmpty)
        for path in ["/ops/fleet", "/ops/fleet/events"] {
            try await support.visit(path)
            #expect(support.status == .forbidden, "\(path)")
            #expect(try support.errorPanel()?.title == "Not Allowed")
        }
        try await support.visit("/ops")
        let token = try #require(try support.formToken())
        try await support.post("/ops/fleet/1/out-of-service", fields: [("csrf_token", token)])
        #expect(support.status == .forbidden)
        #expect(
            try await app.container.services.fleetServiceRepository.standings().allSatisfy { !$0.isOutOfService })
    }

    @Test func theStreamSendsEveryAnimalThenWhatChanges() async throws {
        let app = try await KooberTestApp(fleetSize: 1)
        let (_, fleet) = try await OpsRidersTests.member(app, .fleet)
        let cookie = "koober_ops=\(try #require(fleet.cookie(named: "koober_ops")).value)"
        try await fleet.visit("/ops/fleet")
        let name = try wallaroo(fleet)
        try await app.withServer { port in
            let client = try await EventStreamClient.open(
                port: port, path: "/ops/fleet/events", headers: [("Cookie", cookie)])
            #expect(try await client.wait { $0.events.count >= 1 })
            #expect(client.status == 200)
            #expect(client.received.lowercased().contains("content-type: text/event-stream"))
            let first = try #require(client.events.first).data
            #expect(first.components(separatedBy: "\"state\":\"free\"").count == RideOption.all.count + 1)

            try await fleet.press("Take Out of Service: \(name)")
            #expect(try await client.wait { $0.events.count >= 2 })
            let update = try #require(client.events.last).data
            #expect(update.contains("\"state\":\"out_of_service\"") && update.contains("\"name\":\"\(name)\""))
            #expect(!update.contains("\"state\":\"free\""), "only what changed")

            // A ride given an animal on the virtual clock (the dispatcher publishes it on the feed): its animal is on a
            // ride in the next update.
            let rider = app.browser()
            try await rider.signInAsJohnny()
            try await rider.requestRide(to: "Opera House", option: "Kangaroo")
            try await app.container.rideDispatcher.runOnce()
            #expect(try await client.wait { $0.events.contains { $0.data.contains("\"state\":\"on_ride\"") } })
            await client.close()
        }
    }
}
