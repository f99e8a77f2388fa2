import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// Share Ride through the test browser (SPEC.md, "During the ride: Share Ride"; issue 32): the rider's link, the
/// public page for anyone with it, and the link's end with Stop Sharing, the ride, and every access change, all in one
/// 410 page. The app's test clock and its dispatcher run by hand, at `--ride-clock-rate 60`.
@Suite struct ShareRideTests {
    private func johnnyWithRide(_ app: KooberTestApp) async throws -> TestBrowser {
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        return browser
    }

    @Test(arguments: [RideStatus.finding, .onTheWay, .arrived, .riding])
    func whileTheRideIsLiveItsLinkShowsItToAnyoneSignedOut(status: RideStatus) async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let rider = try await johnnyWithRide(app)
        try await app.bringRide(to: status)
        try await rider.visit("/ride")
        #expect(try rider.rideStatus() == status.rawValue)
        #expect(try rider.shownShareLinkPath() == nil, "no link until the rider shares")
        let path = try await rider.shareRide()
        #expect(rider.history.suffix(2).map(\.status.code) == [303, 200], "the form posts, then shows the ride page")
        #expect(try rider.first("//input[@id='share-link' and @readonly]") != nil)
        #expect(try rider.first("//button[@data-copy-link='share-link' and normalize-space()='Copy Link']") != nil)
        #expect(try rider.first("//script[starts-with(@src, '/js/share.js')]") != nil)
        #expect(try rider.first("//form[@action='/ride/share/stop']//button[normalize-space()='Stop Sharing']") != nil)
        #expect(try rider.first("//button[normalize-space()='Share Ride']") == nil)
        let headline = try rider.text(at: "//h2[@id='ride-headline']")
        let eta = try rider.text(at: "//p[@id='ride-eta']")
        let animal = try rider.text(at: "//dd[@class='ride-animal']")

        let watcher = app.browser()
        try await watcher.visit(path)
        #expect(watcher.status == .ok)
        #expect(try watcher.rideStatus() == status.rawValue)
        let title = try watcher.text(at: "//h1")
        #expect(title == (status == .finding ? "Johnny's ride" : "Johnny's ride with \(try #require(animal))"))
        #expect(try watcher.text(at: "//h2[@id='ride-headline']") == headline)
        #expect(try watcher.text(at: "//p[@id='ride-eta']") == eta)
        #expect(try watcher.texts(at: "//dl[@class='ride-details']/dd") == ["Johnny's pick-up", "Opera House"])
        #expect((try watcher.first("//*[@id='map-animal']") != nil) == (status != .finding))
        #expect(try watcher.first("//meta[@name='robots' and @content='noindex']") != nil)
        #expect(watcher.headers.first(name: "Referrer-Policy") == "no-referrer")
        #expect(watcher.headers.first(name: "Cache-Control") == "no-store")
        #expect(try watcher.first("//*[@data-ride-events='\(path)/events' and @data-ride-page='\(path)']") != nil)
        #expect(try watcher.first("//script[starts-with(@src, '/js/ride.js')]") != nil)
        #expect(try watcher.first("//form") == nil, "the watcher can change nothing")
    }

    @Test func sharingAgainShowsTheSameLinkAndAnotherDevicesShareReplacesIt() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let phone = try await johnnyWithRide(app)
        let first = try await phone.shareRide()
        try await phone.visit("/ride")
        #expect(try phone.shownShareLinkPath() == first, "the page shows the link while it lives")
        try await phone.post("/ride/share", fields: [("csrf_token", try #require(try phone.formToken()))])
        #expect(try phone.shownShareLinkPath() == first, "sharing again shows the same link")

        let laptop = app.browser()
        try await laptop.signInAsJohnny()
        try await laptop.visit("/ride")
        #expect(try laptop.shownShareLinkPath() == nil, "another session cannot show the phone's link")
        let second = try await laptop.shareRide()
        #expect(second != first)
        let watcher = app.browser()
        try await watcher.visit(first)
        #expect(watcher.status == .gone, "the older link ended")
        try await watcher.visit(second)
        #expect(watcher.status == .ok)
        try await phone.visit("/ride")
        #expect(try phone.shownShareLinkPath() == nil)
    }

    @Test func stopSharingEndsTheLinkAndSharingAgainMakesANewOne() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let rider = try await johnnyWithRide(app)
        let first = try await rider.shareRide()
        try await rider.press("Stop Sharing")
        #expect(rider.path == "/ride")
        #expect(try rider.shownShareLinkPath() == nil)
        #expect(try rider.first("//button[normalize-space()='Share Ride']") != nil)
        let watcher = app.browser()
        try await watcher.visit(first)
        #expect(watcher.status == .gone)
        let second = try await rider.shareRide()
        #expect(second != first)
        try await watcher.visit(second)
        #expect(watcher.status == .ok)
    }

    /// After a plain sign-out and sign-in the page cannot show the link (its token was derived from the old
    /// session's), but it still says the ride is shared and offers Stop Sharing, which ends it (issue 41: it showed only
    /// Share Ride while the link still worked).
    @Test func aLinkMadeBeforeSigningOutAndInAgainIsSaidAndCanBeStopped() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let rider = try await johnnyWithRide(app)
        let path = try await rider.shareRide()
        try await rider.signOut()
        try await rider.signInAsJohnny()
        try await rider.visit("/ride")
        #expect(try rider.shownShareLinkPath() == nil)
        #expect(try rider.text(at: "//p[@id='shared-elsewhere']")?.contains("shared with a link from another") == true)
        #expect(try rider.first("//form[@action='/ride/share']//button[normalize-space()='Share Ride']") != nil)
        let watcher = app.browser()
        try await watcher.visit(path)
        #expect(watcher.status == .ok, "the link still works")
        try await rider.press("Stop Sharing")
        #expect(rider.path == "/ride")
        #expect(try rider.first("//p[@id='shared-elsewhere']") == nil)
        #expect(try rider.first("//button[normalize-space()='Stop Sharing']") == nil)
        try await watcher.visit(path)
        #expect(watcher.status == .gone)
    }

    @Test(arguments: [RideStatus.finished, .cancelled])
    func theLinkEndsWithTheRide(end: RideStatus) async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let rider = try await johnnyWithRide(app)
        try await app.bringRide(to: .onTheWay)
        let path = try await rider.shareRide()
        if end == .cancelled {
            try await rider.press("Cancel Ride")
        } else {
            // The clock alone ends it: nobody has stored `finished` yet.
            try await app.bringRide(to: .finished)
        }
        let watcher = app.browser()
        try await watcher.visit(path)
        #expect(watcher.status == .gone)
        #expect(try watcher.text(at: "//h1") == "This ride is no longer shared")
        try await rider.visit("/ride")
        #expect(try rider.rideStatus() == end.rawValue)
        #expect(try rider.first("//section[@class='ride-sharing']") == nil, "an ended ride offers no sharing")
        try await rider.post("/ride/share", fields: [("csrf_token", try #require(try rider.formToken()))])
        #expect(rider.status == .conflict)
        #expect(try rider.errorPanel()?.title == "Nothing to Share")
    }

    @Test(arguments: ["sign out everywhere", "change password", "reset password", "delete account"])
    func everyAccessChangeEndsTheLink(change: String) async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let rider = try await johnnyWithRide(app)
        let path = try await rider.shareRide()
        if change == "reset password" {
            let other = app.browser()
            try await other.visit("/password/forgot")
            try other.fillIn("Email", with: "johnny@gmail.com")
            try await other.press("Send Reset Link")
            try await other.visit("/password/reset?token=" + (try #require(try await app.mailedToken(.passwordReset))))
            try other.fillIn("New Password", with: "kangaroo-jack")
            try await other.press("Reset Password")
        } else {
            try await rider.endAccess(change)
        }
        let watcher = app.browser()
        try await watcher.visit(path)
        #expect(watcher.status == .gone, "\(change) ends the link")
        #expect(try await app.container.services.rideShareRepository.link(rideID: RideID(1)) == nil)
    }

    /// Every ended, unknown, forged or malformed link gets the one page, byte for byte, so nothing tells which tokens
    /// ever existed; its stream's path too.
    @Test func everyLinkThatShowsNothingGetsTheSame410() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let rider = try await johnnyWithRide(app)
        let stopped = try await rider.shareRide()
        try await rider.press("Stop Sharing")
        let valid = String(stopped.dropFirst("/share/".count))
        let extraBits = String(valid.dropLast()) + "B"  // 1 of the 2 bits beyond 256 set
        let paths = [
            stopped, stopped + "/events", "/share/" + RideShareToken.generateSalt() + "AAAAAAAAAAAAAAAAAAAAA",
            "/share/" + String(repeating: "A", count: 43), "/share/" + extraBits, "/share/short",
            "/share/" + valid + "A", "/share/" + String(valid.dropLast()) + "%41", "/share/", "/share/%ff",
            "/share/" + String(repeating: "x", count: 180), "/share/\(valid)/events/more",
        ]
        var answers: [String] = []
        for path in paths {
            let browser = app.browser()
            try await browser.visit(path)
            #expect(browser.status == .gone, "\(path)")
            for header in [
                "Referrer-Policy", "Cache-Control", "Content-Type", "Content-Security-Policy", "X-Robots-Tag",
            ] {
                answers.append("\(header): \(browser.headers[header])")
            }
            #expect(browser.headers.first(name: "Referrer-Policy") == "no-referrer")
            #expect(browser.headers.first(name: "Cache-Control") == "no-store")
            #expect(!browser.bodyText.contains(valid.prefix(20)), "no token is echoed")
            answers.append(browser.bodyText)
        }
        let first = Array(answers.prefix(6))
        for start in stride(from: 0, to: answers.count, by: 6) {
            #expect(Array(answers[start..<start + 6]) == first)
        }
        let page = app.browser()
        try await page.visit(stopped)
        #expect(try page.text(at: "//h1") == "This ride is no longer shared")
        #expect(try page.first("//meta[@name='robots' and @content='noindex']") != nil)
    }

    /// The share page shows nothing else of the rider: not their full name, email or mobile number, nor the fare.
    @Test func theSharePageShowsNothingElseOfTheRider() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let rider = app.browser()
        let account = TestBrowser.Account(
            name: "Quintessa Zanzibar-Wombleton", nickname: "Quinn", email: "zanzibar.quokka@example.com",
            mobileNumber: "0499 987 123")
        try await rider.signUp(account)
        try await rider.requestRide(to: "Opera House", option: "Kangaroo")
        try await app.bringRide(of: UserID(2), to: .onTheWay)
        let path = try await rider.shareRide()
        let fare = try #require(try rider.text(at: "//dd[@class='ride-fare']"))
        let watcher = app.browser()
        try await watcher.visit(path)
        #expect(watcher.status == .ok)
        #expect(try watcher.text(at: "//h1")?.hasPrefix("Quinn's ride with ") == true)
        for secret in [
            "Quintessa", "Zanzibar", "Wombleton", "zanzibar.quokka", "quokka", "0499 987 123", "0499987123",
            "987 123", fare,
        ] {
            #expect(!watcher.bodyText.contains(secret), "\(secret) is not on the share page")
            #expect(!watcher.bodyText.lowercased().contains(secret.lowercased()))
        }
    }
}
