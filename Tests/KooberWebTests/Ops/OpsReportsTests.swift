import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// Reports in Koober Ops (SPEC.md, **Reports**), through the pages: the list (open first, oldest first, 50 a page with
/// **Older**), a report's page, **Reply** (mailed to the rider as **Koober replied to your report**, shown on the
/// ride's receipt under **Koober replied**), **Resolve**, field problems that change nothing, and **Not Allowed** for
/// the fleet.
@Suite struct OpsReportsTests {
    /// Johnny's ride requested, cancelled and reported through the pages; its id.
    static func reportedRide(_ app: KooberTestApp, _ rider: TestBrowser, text: String) async throws -> RideID {
        try await rider.requestRide(to: "Opera House", option: "Wallaroo")
        try await rider.press("Cancel Ride")
        let ride = try #require(
            try await app.container.services.rideRepository.rides(userID: UserID(1), before: nil, limit: 1).first)
        try await rider.visit("/rides/\(ride.id.rawValue)/report")
        try rider.choose("Fare")
        try rider.fillIn("What happened", with: text)
        try await rider.press("Send Report")
        #expect(rider.path == "/rides/\(ride.id.rawValue)")
        return ride.id
    }

    /// Johnny's email confirmed, so the reply's mail is queued (only to a confirmed email, as every ride's mail).
    static func confirmJohnny(_ app: KooberTestApp) async throws {
        let link = AccountLinkIssue(purpose: .emailConfirmation, now: app.clock.now, lifetime: .seconds(3_600))
        try await app.container.services.accountLinks.issue(link, for: UserID(1))
        #expect(
            try await app.container.services.accountLinks.confirmEmail(tokenHash: link.tokenHash, at: app.clock.now)
                == UserID(1))
    }

    @Test func aReplyIsMailedAndShownOnTheReceiptAndResolveClosesTheReport() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        try await Self.confirmJohnny(app)
        let rideID = try await Self.reportedRide(app, rider, text: "Charged twice for one hop")
        _ = try await app.container.mailSender.runOnce()  // the confirmation link's message
        let (_, support) = try await OpsRidersTests.member(app, .support)

        try await support.clickLink("Reports")
        #expect(try support.text(at: "//h1") == "Reports")
        #expect(try support.texts(at: "//tbody/tr/td[4]") == ["Charged twice for one hop"])
        #expect(try support.first("//tbody/tr/td[5]/a[@href='/ops/riders/1']") != nil)
        try await support.clickLink("Ride \(rideID.rawValue)")
        #expect(support.path == "/ops/reports/\(rideID.rawValue)")
        #expect(try support.text(at: "//td[@class='ops-report-status']") == "Open")
        #expect(try support.first("//*[contains(@class, 'receipt-fare')]") != nil, "the ride's receipt")

        // Field problems change nothing.
        try await support.press("Reply")
        #expect(support.status == .unprocessableEntity)
        #expect(try support.fieldError("Reply") == "Please write a reply.")
        try support.fillIn("Reply", with: String(repeating: "x", count: 2_001))
        try await support.press("Reply")
        #expect(support.status == .unprocessableEntity)
        #expect(try support.fieldError("Reply") == "Use at most 2,000 characters.")
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: rideID).replies.isEmpty)
        #expect(try await app.container.services.outbox.status().queued == 0)

        try support.fillIn("Reply", with: "Sorry, Johnny.\nWe have refunded the second charge.")
        try await support.press("Reply")
        #expect(support.path == "/ops/reports/\(rideID.rawValue)")
        #expect(
            try support.texts(at: "//article[@class='ops-report']/p").contains("We have refunded the second charge."))

        try await rider.visit("/rides/\(rideID.rawValue)")
        #expect(try rider.text(at: "//h2[@id='receipt-replies-title']") == "Koober replied")
        #expect(try rider.texts(at: "//article[@class='receipt-reply']/p").contains("Sorry, Johnny."))

        #expect(try await app.container.mailSender.runOnce() == 1)
        let mails = try FileManager.default.contentsOfDirectory(atPath: app.mailFolder).map { name in
            try String(contentsOfFile: app.mailFolder + "/" + name, encoding: .utf8)
        }
        let reply = try #require(mails.first { $0.contains("Subject: Koober replied to your report") })
        #expect(reply.contains("We have refunded the second charge."))
        #expect(reply.contains("\(KooberTestApp.publicURL)/rides/\(rideID.rawValue)"))

        try await support.press("Resolve")
        #expect(try support.text(at: "//td[@class='ops-report-status']")?.hasPrefix("Resolved") == true)
        #expect(try support.first("//button[normalize-space()='Resolve']") == nil, "closed: no more acts")
        // A second resolve (a stale page) is refused and changes nothing.
        let token = try #require(try support.formToken())
        try await support.post("/ops/reports/\(rideID.rawValue)/resolve", fields: [("csrf_token", token)])
        #expect(support.status == .conflict)
        #expect(try support.errorPanel()?.title == "Already Resolved")
        let rows = try await app.container.services.auditLogRepository.entries(
            staff: nil, target: .report(rideID), before: nil, limit: 10)
        #expect(rows.map(\.entry.action) == [.resolvedReport, .repliedToReport])
    }

    @Test func theListIsOpenOldestFirstFiftyAPageWithOlder() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        // 51 reports straight through the store, a second apart (the pages' way is slower and the same).
        var rides: [RideID] = []
        for index in 0..<51 {
            let ride = try await app.container.services.rideRepository.requestRide(
                NewRideRequest(
                    userID: UserID(1), pickup: SydneyLocator.sydney, dropoffID: PlaceID(1), rideOptionID: "wallaroo",
                    fareCents: 1_234, requestedAt: app.clock.now))
            _ = try await app.container.services.rideRepository.apply(
                try #require(RideChange.cancel(ride, at: app.clock.now + 1)))
            let report = ProblemReport(
                category: .route, text: "Report \(index)", reportedAt: app.clock.now - Double(1_000 - index))
            #expect(try await app.container.services.rideFeedbackRepository.report(rideID: ride.id, report))
            rides.append(ride.id)
        }
        let (_, admin) = try await OpsRidersTests.member(app, .admin)
        try await admin.visit("/ops/reports")
        let first = try admin.texts(at: "//tbody/tr/td[4]")
        #expect(first == (0..<50).map { "Report \($0)" })
        try await admin.clickLink("Older")
        #expect(try admin.texts(at: "//tbody/tr/td[4]") == ["Report 50"])
        #expect(try admin.first("//a[normalize-space()='Older']") == nil)
        try await admin.visit("/ops/reports?after=nonsense")
        #expect(admin.status == .ok)
        #expect(try admin.texts(at: "//tbody/tr").count == 50, "no cursor: the first page")
        try await admin.visit("/ops/reports/99999")
        #expect(admin.status == .notFound)
    }

    @Test func theFleetMayNotOpenReports() async throws {
        let app = try await KooberTestApp()
        let (_, fleet) = try await OpsRidersTests.member(app, .fleet)
        #expect(try fleet.first("//nav//a[normalize-space()='Reports']") == nil)
        try await fleet.visit("/ops/reports")
        #expect(fleet.status == .forbidden)
        #expect(try fleet.errorPanel()?.title == "Not Allowed")
    }
}
