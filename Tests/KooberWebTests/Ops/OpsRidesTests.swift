import Foundation
import KooberKit
import KooberTestSupport
import KooberWeb
import TestBrowsing
import Testing

/// Rides and refunds in Koober Ops (SPEC.md, **Rides**, **Refund**) through the test browser: a ride found by id with
/// its timeline, **Cancel Ride** by any role (the rider's page then says **Koober cancelled this ride**), **Refund** by
/// support and admin (the receipt shows **Refunded A$1.50** and the **Total**, a fresh receipt is mailed), refusals
/// beside their fields changing nothing, and each act in the audit log.
@Suite struct OpsRidesTests {
    static let johnny = UserID(1)

    static func find(_ browser: TestBrowser, _ query: String) async throws {
        try await browser.visit("/ops/rides")
        try browser.fillIn("Ride id", with: query)
        try await browser.press("Find")
    }

    static func auditRows(_ app: KooberTestApp, _ rideID: RideID) async throws -> [AuditEntry] {
        try await app.container.services.auditLogRepository.entries(
            staff: nil, target: .ride(rideID), before: nil, limit: 10
        ).map(\.entry)
    }

    @Test func aRideIsFoundByItsIdAndShowsItsTimeline() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        try await rider.requestRide(to: "Opera House", option: "Wallaroo")
        try await app.container.rideDispatcher.runOnce()
        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: Self.johnny))
        let (_, fleet) = try await OpsRidersTests.member(app, .fleet)

        try await Self.find(fleet, " \(ride.id.rawValue) ")
        #expect(fleet.path == "/ops/rides/\(ride.id.rawValue)")
        #expect(try fleet.text(at: "//h1") == "Ride \(ride.id.rawValue)")
        let timeline = "//section[@aria-labelledby='ops-ride-timeline']//tbody/tr"
        #expect(try fleet.texts(at: timeline + "/td[1]") == ["Finding an animal", "On the way to the pick-up"])
        let when = try #require(try fleet.texts(at: timeline + "/td[2]").first)
        #expect(when == PickupTimeText.text(for: ride.requestedAt), "Sydney's time, as the rest of /ops")
        #expect(fleet.bodyText.contains("Opera House") && fleet.bodyText.contains("johnny@gmail.com"))
        #expect(try fleet.first("//a[normalize-space()='Rides' and @aria-current]") != nil)
        // Fleet may not open riders' pages: the rider is not a link for them.
        #expect(try fleet.first("//a[contains(@href, '/ops/riders/')]") == nil)
        #expect(try fleet.first("//h2[normalize-space()='Refund']") == nil)

        try await Self.find(fleet, "not a ride")
        #expect(fleet.status == .ok)
        #expect(try fleet.errorPanel()?.title == "No Such Ride")
        try await fleet.visit("/ops/rides/99999")
        #expect(fleet.status == .notFound)
    }

    @Test func fleetCancelsALiveRideAndTheRidersPageSaysKooberCancelledIt() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        try await rider.requestRide(to: "Opera House", option: "Wallaroo")
        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: Self.johnny))
        let (_, fleet) = try await OpsRidersTests.member(app, .fleet)
        try await fleet.visit("/ops/rides/\(ride.id.rawValue)")

        try await fleet.press("Cancel Ride")
        #expect(fleet.status == .unprocessableEntity)
        #expect(try fleet.fieldError("Reason") == "Please say why.")
        #expect(try await app.container.services.rideRepository.ride(id: ride.id)?.status == .finding)
        #expect(try await Self.auditRows(app, ride.id).isEmpty)

        try fleet.fillIn("Reason", with: "The wallaroo is unwell")
        try await fleet.press("Cancel Ride")
        #expect(fleet.path == "/ops/rides/\(ride.id.rawValue)")
        #expect(fleet.bodyText.contains("Cancelled by Koober"))
        #expect(try fleet.first("//button[normalize-space()='Cancel Ride']") == nil, "no longer live")
        let rows = try await Self.auditRows(app, ride.id)
        #expect(rows.map(\.action) == [.cancelledRide] && rows.first?.reason == "The wallaroo is unwell")

        try await rider.visit("/ride")
        #expect(try rider.text(at: "//*[@id='ride-headline']") == "Koober cancelled this ride")
        try await rider.visit("/rides/\(ride.id.rawValue)")
        #expect(rider.bodyText.contains("Koober cancelled this ride"))
        #expect(try rider.text(at: "//dd[@class='receipt-fare']") == "A$0.00")
    }

    @Test func supportRefundsAFinishedRideOnceAndTheReceiptShowsItWithTheTotal() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        let link = AccountLinkIssue(purpose: .emailConfirmation, now: app.clock.now, lifetime: .seconds(3_600))
        try await app.container.services.accountLinks.issue(link, for: Self.johnny)
        _ = try await app.container.services.accountLinks.confirmEmail(tokenHash: link.tokenHash, at: app.clock.now)
        let ride = try await app.finishRide(requestedBy: rider)
        let sentBefore = try await app.container.mailSender.runOnce()
        let (_, support) = try await OpsRidersTests.member(app, .support)
        try await support.visit("/ops/rides/\(ride.id.rawValue)")
        #expect(try support.first("//h2[normalize-space()='Cancel Ride']") == nil, "not live")

        // Over the limit, then not an amount, then no reason: each beside its field, nothing changed.
        try support.fillIn("Amount", with: (ride.fareCents + 1).displayed)
        try support.fillIn("Reason", with: "Took the long way")
        try await support.press("Refund")
        #expect(support.status == .unprocessableEntity)
        #expect(try support.fieldError("Amount")?.hasPrefix("At most \(ride.fareCents.displayed)") == true)
        try support.fillIn("Amount", with: "1e9")
        try await support.press("Refund")
        #expect(try support.fieldError("Amount")?.hasPrefix("Please enter an amount") == true)
        try support.fillIn("Amount", with: "1.50")
        try support.fillIn("Reason", with: "  ")
        try await support.press("Refund")
        #expect(try support.fieldError("Reason") == "Please say why.")
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id).refund == nil)
        #expect(try await Self.auditRows(app, ride.id).isEmpty)

        try support.fillIn("Amount", with: "A$1.50")
        try support.fillIn("Reason", with: "Took the long way")
        try await support.press("Refund")
        #expect(support.path == "/ops/rides/\(ride.id.rawValue)")
        #expect(try support.first("//h2[normalize-space()='Refund']") == nil, "once a ride")
        #expect(support.bodyText.contains("A$1.50"))
        let rows = try await Self.auditRows(app, ride.id)
        #expect(rows.map(\.action) == [.refunded] && rows.first?.reason == "Took the long way")

        // A second refund, posted all the same: refused beside the amount, nothing changed.
        let token = try #require(try support.formToken())
        try await support.post(
            "/ops/rides/\(ride.id.rawValue)/refund",
            fields: [("csrf_token", token), ("amount", "1"), ("reason", "Again")])
        #expect(support.status == .unprocessableEntity)
        #expect(try support.errorPanel()?.title == "Refunded Already")
        #expect(try await Self.auditRows(app, ride.id).count == 1)

        try await rider.visit("/rides/\(ride.id.rawValue)")
        #expect(try rider.text(at: "//dd[@class='receipt-refunded']") == "A$1.50")
        #expect(try rider.text(at: "//dd[@class='receipt-total']") == (ride.fareCents - 150).displayed)
        #expect(try await app.container.mailSender.runOnce() == 1, "a fresh receipt (\(sentBefore) before)")
        let mail = try FileManager.default.contentsOfDirectory(atPath: app.mailFolder).filter { $0.hasSuffix(".eml") }
            .map { try String(contentsOfFile: app.mailFolder + "/" + $0, encoding: .utf8) }
        #expect(mail.contains { $0.contains("Refunded:    A$1.50") && $0.contains("Your Koober receipt") })
    }

    @Test func fleetMayNotRefund() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        let ride = try await app.finishRide(requestedBy: rider)
        let (_, fleet) = try await OpsRidersTests.member(app, .fleet)
        try await fleet.visit("/ops/rides/\(ride.id.rawValue)")
        #expect(try fleet.first("//h2[normalize-space()='Refund']") == nil)
        let token = try #require(try fleet.formToken())
        try await fleet.post(
            "/ops/rides/\(ride.id.rawValue)/refund", fields: [("csrf_token", token), ("amount", "1"), ("reason", "x")])
        #expect(fleet.status == .forbidden)
        #expect(try fleet.errorPanel()?.title == "Not Allowed")
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id).refund == nil)
        #expect(try await Self.auditRows(app, ride.id).isEmpty)
    }

    @Test func theRidersPageLinksEachRideToItsPage() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        try await rider.requestRide(to: "Opera House", option: "Wallaroo")
        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: Self.johnny))
        let (_, support) = try await OpsRidersTests.member(app, .support)
        try await support.visit("/ops/riders/\(Self.johnny.rawValue)")
        try await support.clickLink("\(ride.id.rawValue)")
        #expect(support.path == "/ops/rides/\(ride.id.rawValue)")
        try await support.clickLink("Johnny Appleseed (johnny@gmail.com)")
        #expect(support.path == "/ops/riders/\(Self.johnny.rawValue)")
    }
}
