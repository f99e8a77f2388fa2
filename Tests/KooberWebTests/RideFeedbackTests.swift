import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// After the ride (SPEC.md; issue 32) through the test browser: Rate Your Ride with a tip and the receipt's Total,
/// changes within 24 hours, one tip, the 7- and 30-day edges on the app's test clock, cancelled and other riders'
/// rides, forged values, the form token, Report a Problem once, and the animal's ★ on the live page from 3 ratings.
@Suite struct RideFeedbackTests {
    static let day: TimeInterval = 86_400

    /// Johnny signed in, with one wallaroo in the fleet (so every ride has the same animal) and rides at rate 60.
    private func signedInApp() async throws -> (KooberTestApp, TestBrowser) {
        let app = try await KooberTestApp(fleetSize: 1, rideClockRate: 60)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        return (app, browser)
    }

    private func rate(_ browser: TestBrowser, stars: String, tip: String? = nil, other: String? = nil) async throws {
        try browser.choose(stars)
        if let tip { try browser.choose(tip) }
        if let other { try browser.fillIn("Other amount", with: other) }
        try await browser.press("Submit Rating")
    }

    @Test func aRatingWithATipShowsTheStarsComplimentsTipAndTotalOnTheReceipt() async throws {
        let (app, browser) = try await signedInApp()
        let ride = try await app.finishRide(requestedBy: browser)
        try await browser.visit("/ride")
        #expect(try browser.first("//h2[normalize-space()='Rate Your Ride']") != nil)
        #expect(try browser.text(at: "//fieldset[legend='Stars']/legend") == "Stars")
        try browser.choose("Smooth hops")
        try browser.choose("Friendly")
        try await rate(browser, stars: "4 stars", tip: "Other", other: "A$2.50")
        #expect(browser.status == .ok)
        #expect(browser.path == "/rides/\(ride.id.rawValue)")
        #expect(try browser.text(at: "//dd[@class='receipt-rating']") == "4 stars")
        #expect(try browser.text(at: "//dd[@class='receipt-compliments']") == "Smooth hops, Friendly")
        #expect(try browser.text(at: "//dd[@class='receipt-tip']") == "A$2.50")
        #expect(try browser.text(at: "//dd[@class='receipt-total']") == (ride.fareCents + 250).displayed)
        // The form stays for changes, without its tip part now.
        #expect(try browser.first("//input[@name='tip']") == nil)
        #expect(try browser.first("//input[@id='stars-4' and @checked]") != nil)
        let stored = try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id)
        #expect(stored.rating?.tip?.cents == 250)
    }

    @Test func starsChangeWithinTwentyFourHoursOfTheFirstRatingAndNotAfter() async throws {
        let (app, browser) = try await signedInApp()
        let ride = try await app.finishRide(requestedBy: browser)
        let receipt = "/rides/\(ride.id.rawValue)"
        try await browser.visit(receipt)
        try await rate(browser, stars: "2 stars")
        #expect(try browser.text(at: "//dd[@class='receipt-total']") == ride.fareCents.displayed)
        #expect(try browser.first("//dd[@class='receipt-tip']") == nil)
        app.clock.advance(by: Self.day)
        try await browser.visit(receipt)
        try await rate(browser, stars: "5 stars", tip: "A$5")
        #expect(try browser.text(at: "//dd[@class='receipt-rating']") == "5 stars")
        #expect(try browser.text(at: "//dd[@class='receipt-tip']") == "A$5.00")

        let token = try #require(try browser.formToken())
        app.clock.advance(by: 1)
        try await browser.visit(receipt)
        #expect(try browser.first("//h2[normalize-space()='Rate Your Ride']") == nil)
        try await browser.post(
            receipt + "/rating", fields: [("csrf_token", token), ("stars", "1"), ("tip", "none")])
        #expect(browser.status == .conflict)
        #expect(try browser.errorPanel()?.title == "Rating Not Saved")
        #expect(try browser.text(at: "//dd[@class='receipt-rating']") == "5 stars")
    }

    @Test func aTipIsGivenOnceAndAForgedSecondTipChangesNothing() async throws {
        let (app, browser) = try await signedInApp()
        let ride = try await app.finishRide(requestedBy: browser)
        let receipt = "/rides/\(ride.id.rawValue)"
        try await browser.visit(receipt)
        try await rate(browser, stars: "3 stars", tip: "A$1")
        let token = try #require(try browser.formToken())
        try await browser.post(receipt + "/rating", fields: [("csrf_token", token), ("stars", "5"), ("tip", "500")])
        #expect(browser.status == .conflict)
        #expect(try browser.errorPanel()?.title == "Tip Already Given")
        #expect(try browser.text(at: "//dd[@class='receipt-tip']") == "A$1.00")
        #expect(try browser.text(at: "//dd[@class='receipt-rating']") == "3 stars")
    }

    @Test func forgedValuesAreFieldErrorsTiedToTheirFieldsAndChangeNothing() async throws {
        let (app, browser) = try await signedInApp()
        let ride = try await app.finishRide(requestedBy: browser)
        let receipt = "/rides/\(ride.id.rawValue)"
        try await browser.visit(receipt)
        let token = try #require(try browser.formToken())
        for fields in [
            [("stars", "6")], [("stars", "5"), ("tip", "5001")], [("stars", "5"), ("tip", "-1")],
            [("stars", "5"), ("tip", "other"), ("tip_other", "50.01")], [("stars", "5"), ("compliment", "rude")],
            [("stars", "1e9")],
        ] {
            try await browser.post(receipt + "/rating", fields: [("csrf_token", token)] + fields)
            #expect(browser.status == .unprocessableEntity, "\(fields)")
            #expect(try browser.errorPanel()?.title == "Rating Not Saved")
        }
        try await browser.post(receipt + "/rating", fields: [("csrf_token", token), ("stars", "6")])
        #expect(try browser.text(at: "//p[@id='stars-error']") == "Please choose 1 to 5 stars.")
        #expect(try browser.first("//fieldset[@aria-describedby='stars-error']") != nil)
        try await browser.post(
            receipt + "/rating",
            fields: [("csrf_token", token), ("stars", "5"), ("tip", "other"), ("tip_other", "0.005")])
        #expect(try browser.fieldError("Other amount") == "Please enter a tip from A$0.50 to A$50.00, like 12.50.")
        #expect(try browser.fieldValue("Other amount") == "0.005")
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id) == RideFeedback())

        // Without the form's token: 403, and nothing changes.
        try await browser.post(receipt + "/rating", fields: [("stars", "5")])
        #expect(browser.status == .forbidden)
        try await browser.post(receipt + "/report", fields: [("category", "fare"), ("what_happened", "x")])
        #expect(browser.status == .forbidden)
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id) == RideFeedback())
    }

    @Test func aRideCanBeRatedForSevenDaysAfterItFinished() async throws {
        let (app, browser) = try await signedInApp()
        let ride = try await app.finishRide(requestedBy: browser)
        let receipt = "/rides/\(ride.id.rawValue)"
        let finished = try #require(ride.endedAt)
        app.clock.advance(by: finished.addingTimeInterval(7 * Self.day).timeIntervalSince(app.clock.now))
        try await browser.signInAsJohnny()  // a week idle ended the session
        try await browser.visit(receipt)
        #expect(try browser.first("//h2[normalize-space()='Rate Your Ride']") != nil)
        let token = try #require(try browser.formToken())
        app.clock.advance(by: 0.01)
        try await browser.visit(receipt)
        #expect(try browser.first("//h2[normalize-space()='Rate Your Ride']") == nil)
        try await browser.post(receipt + "/rating", fields: [("csrf_token", token), ("stars", "5")])
        #expect(browser.status == .notFound)
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id) == RideFeedback())
    }

    @Test func aCancelledRideHasNoRatingButCanBeReported() async throws {
        let (app, browser) = try await signedInApp()
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        try await browser.press("Cancel Ride")
        let ride = try #require(
            try await app.container.services.rideRepository.rides(
                userID: UserID(1), before: nil, limit: 1
            ).first)
        #expect(ride.status == .cancelled)
        let receipt = "/rides/\(ride.id.rawValue)"
        try await browser.visit(receipt)
        #expect(try browser.first("//h2[normalize-space()='Rate Your Ride']") == nil)
        try await browser.visit("/profile")
        let token = try #require(try browser.formToken())
        try await browser.post(receipt + "/rating", fields: [("csrf_token", token), ("stars", "5")])
        #expect(browser.status == .notFound)
        try await browser.visit(receipt)
        try await browser.clickLink("Report a Problem")
        try browser.choose("Fare")
        try browser.fillIn("What happened", with: "I was charged for a cancelled ride?")
        try await browser.press("Send Report")
        #expect(browser.path == receipt)
        #expect(try browser.text(at: "//p[@class='receipt-reported']")?.hasPrefix("Reported on ") == true)
    }

    @Test func anotherRidersRideIsNotFoundEverywhere() async throws {
        let (app, browser) = try await signedInApp()
        let ride = try await app.finishRide(requestedBy: browser)
        let other = app.browser()
        try await other.signUp(TestBrowser.Account())
        let receipt = "/rides/\(ride.id.rawValue)"
        try await other.visit(receipt)
        #expect(other.status == .notFound)
        try await other.visit(receipt + "/report")
        #expect(other.status == .notFound)
        try await other.visit("/profile")
        let token = try #require(try other.formToken())
        try await other.post(receipt + "/rating", fields: [("csrf_token", token), ("stars", "1"), ("tip", "500")])
        #expect(other.status == .notFound)
        try await other.post(
            receipt + "/report", fields: [("csrf_token", token), ("category", "fare"), ("what_happened", "x")])
        #expect(other.status == .notFound)
        for path in ["/rides/0/rating", "/rides/abc/rating", "/rides/999/rating"] {
            try await other.post(path, fields: [("csrf_token", token), ("stars", "1")])
            #expect(other.status == .notFound, "\(path)")
        }
        #expect(try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id) == RideFeedback())
    }

    @Test func aProblemIsReportedOnceWithinThirtyDaysAndTheReceiptAcknowledgesIt() async throws {
        let (app, browser) = try await signedInApp()
        let ride = try await app.finishRide(requestedBy: browser)
        let receipt = "/rides/\(ride.id.rawValue)"
        let report = receipt + "/report"
        try await browser.visit(report)
        try await browser.press("Send Report")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.fieldError("What happened") == "Please tell us what happened.")
        #expect(try browser.text(at: "//p[@id='category-error']") == "Please choose what the problem is about.")
        try browser.choose("Lost item")
        try browser.fillIn("What happened", with: String(repeating: "h", count: 1_001))
        try await browser.press("Send Report")
        #expect(try browser.fieldError("What happened") == "Use at most 1,000 characters.")

        let finished = try #require(ride.endedAt)
        app.clock.advance(by: finished.addingTimeInterval(30 * Self.day).timeIntervalSince(app.clock.now))
        try await browser.signInAsJohnny()  // 30 days ended the session
        try await browser.visit(report)
        try browser.choose("Lost item")
        try browser.fillIn("What happened", with: "Left my hat in the pouch")
        try await browser.press("Send Report")
        #expect(browser.path == receipt)
        let notice = try #require(try browser.text(at: "//p[@class='receipt-reported']"))
        #expect(notice.hasPrefix("Reported on ") && notice.hasSuffix(". We'll be in touch."))
        #expect(try browser.first("//a[normalize-space()='Report a Problem']") == nil)
        try await browser.visit(report)
        #expect(browser.status == .notFound)
        try await browser.visit("/profile")
        let token = try #require(try browser.formToken())
        try await browser.post(report, fields: [("csrf_token", token), ("category", "fare"), ("what_happened", "x")])
        #expect(browser.status == .conflict)
        let stored = try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id)
        #expect(stored.report?.category == .lostItem)
        #expect(stored.report?.text == "Left my hat in the pouch")
    }

    @Test func aRideOverThirtyDaysAgoCannotBeReported() async throws {
        let (app, browser) = try await signedInApp()
        let ride = try await app.finishRide(requestedBy: browser)
        let finished = try #require(ride.endedAt)
        app.clock.advance(by: finished.addingTimeInterval(30 * Self.day + 0.01).timeIntervalSince(app.clock.now))
        try await browser.signInAsJohnny()
        try await browser.visit("/rides/\(ride.id.rawValue)")
        #expect(try browser.first("//h1[starts-with(., 'Ride to')]") != nil)
        #expect(try browser.first("//a[normalize-space()='Report a Problem']") == nil)
        try await browser.visit("/rides/\(ride.id.rawValue)/report")
        #expect(browser.status == .notFound)
    }

    @Test func theAnimalsMeanShowsBesideItsNameOnTheLivePageFromThreeRatings() async throws {
        let (app, browser) = try await signedInApp()
        for stars in ["5 stars", "4 stars"] {
            let ride = try await app.finishRide(requestedBy: browser)
            try await browser.visit("/rides/\(ride.id.rawValue)")
            try await rate(browser, stars: stars)
            try await browser.visit("/ride")
            try await browser.press("Start New Ride")
        }
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        try await app.container.rideDispatcher.runOnce()
        try await browser.visit("/ride")
        #expect(try browser.text(at: "//dd[@class='ride-animal']") == "Skippy the Wallaroo")
        #expect(try browser.first("//span[@class='animal-rating']") == nil)

        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: UserID(1)))
        let timeline = try #require(ride.timeline())
        app.clock.advance(by: timeline.arrivesAtDropoff.timeIntervalSince(app.clock.now) + 0.01)
        try await app.container.rideDispatcher.runOnce()
        try await browser.visit("/ride")
        try await rate(browser, stars: "5 stars")
        try await browser.visit("/ride")
        try await browser.press("Start New Ride")
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        try await app.container.rideDispatcher.runOnce()
        try await browser.visit("/ride")
        // 14 / 3 = 4.67: one decimal, rounded.
        #expect(try browser.text(at: "//dd[@class='ride-animal']") == "Skippy the Wallaroo ★ 4.7")
        #expect(try browser.text(at: "//span[@class='animal-rating']") == "★ 4.7")
    }
}
