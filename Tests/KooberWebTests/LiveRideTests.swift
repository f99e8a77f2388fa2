import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// The ride after Confirm, through the test browser, with the app's test clock and its dispatcher run by hand, at
/// `--ride-clock-rate 60` (a simulated minute each second).
@Suite struct LiveRideTests {
    @Test func aWholeRideGoesThroughEveryStatusToItsReceiptAndHistory() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        #expect(try browser.rideStatus() == "finding")
        #expect(try browser.first("//script[starts-with(@src, '/js/ride.js')]") != nil)

        // The dispatcher gives the ride the nearest free wallaroo.
        try await app.container.rideDispatcher.runOnce()
        try await browser.visit("/ride")
        #expect(try browser.rideStatus() == "on_the_way")
        let headline = try #require(try browser.text(at: "//h2[@id='ride-headline']"))
        let animal = try #require(headline.components(separatedBy: " the Wallaroo is on the way").first)
        #expect(headline == "\(animal) the Wallaroo is on the way")
        #expect(try browser.text(at: "//p[@id='ride-eta']")?.hasPrefix("Arrives in ") == true)
        #expect(try browser.first("//*[@id='map-animal' and contains(@class, 'map-animal-wallaroo')]") != nil)
        #expect(try browser.text(at: "//dd[@class='ride-animal']") == "\(animal) the Wallaroo")
        #expect(try browser.first("//button[normalize-space()='Cancel Ride']") != nil)

        // The clock brings the animal to the pick-up: the page is up to date without the dispatcher.
        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: UserID(1)))
        let timeline = try #require(ride.timeline())
        app.clock.advance(by: timeline.arrivesAtPickup.timeIntervalSince(app.clock.now) + 0.01)
        try await browser.visit("/ride")
        #expect(try browser.rideStatus() == "arrived")
        #expect(try browser.text(at: "//h2[@id='ride-headline']") == "\(animal) is here")
        #expect(try browser.first("//p[@id='ride-eta' and @hidden]") != nil)

        // A minute (a second at rate 60) to board, then riding: no more cancelling.
        app.clock.advance(by: 1.01)
        try await browser.visit("/ride")
        #expect(try browser.rideStatus() == "riding")
        #expect(try browser.text(at: "//h2[@id='ride-headline']") == "On the way to Opera House")
        #expect(try browser.text(at: "//p[@id='ride-eta']")?.hasPrefix("Arriving in ") == true)
        #expect(try browser.first("//button[normalize-space()='Cancel Ride']") == nil)
        #expect(try browser.first("//p[@class='ride-no-cancel']") != nil)

        app.clock.advance(by: timeline.arrivesAtDropoff.timeIntervalSince(app.clock.now) + 0.01)
        try await browser.visit("/ride")
        #expect(try browser.rideStatus() == "finished")
        #expect(try browser.text(at: "//h2[@id='ride-headline']") == "You have arrived")
        #expect(try browser.first("//script[starts-with(@src, '/js/ride.js')]") == nil)
        let fare = try #require(try browser.text(at: "//dd[@class='receipt-fare']"))
        #expect(fare == ride.fareCents.displayed)
        #expect(try browser.text(at: "//dd[@class='receipt-distance']") == "0.8 km")
        #expect(try browser.text(at: "//dd[@class='receipt-duration']") == "2 min")
        #expect(try browser.first("//dd[@class='receipt-picked-up']") != nil)
        #expect(try browser.first("//dd[@class='receipt-arrived']") != nil)

        // Every status is in the ride's history, at the time the clock gave it.
        let events = try await app.container.services.rideRepository.events(rideID: ride.id)
        #expect(events.map(\.status) == [.finding, .onTheWay, .arrived, .riding, .finished])
        #expect(abs(events[2].at.timeIntervalSince(timeline.arrivesAtPickup)) < 0.002)
        #expect(abs(events[4].at.timeIntervalSince(timeline.arrivesAtDropoff)) < 0.002)

        try await browser.press("Start New Ride")
        #expect(try browser.first("//a[normalize-space()='Where to?']") != nil)
        try await browser.clickLink("Profile")
        #expect(try browser.text(at: "//span[@class='ride-history-status']") == "Finished")
        #expect(try browser.text(at: "//span[@class='ride-history-fare']") == fare)

        // Its receipt: the route on the map, the animal, and every step's time.
        let receipt = try #require(try browser.first("//a[@class='ride-history-link']")?[attribute: "href"])
        #expect(receipt == "/rides/\(ride.id.rawValue)")
        try await browser.visit(receipt)
        #expect(try browser.text(at: "//h1") == "Ride to Opera House")
        #expect(try browser.text(at: "//dd[@class='ride-animal']") == "\(animal) the Wallaroo")
        #expect(try browser.text(at: "//dd[@class='ride-option-chosen']") == "Wallaroo")
        #expect(try browser.text(at: "//dd[@class='ride-status']") == "Finished")
        #expect(try browser.text(at: "//dd[@class='receipt-fare']") == fare)
        #expect(try browser.text(at: "//dd[@class='receipt-distance']") == "0.8 km")
        #expect(try browser.text(at: "//dd[@class='receipt-duration']") == "2 min")
        for step in ["receipt-requested", "receipt-picked-up", "receipt-arrived"] {
            #expect(try browser.first("//dd[@class='\(step)']") != nil, "\(step)")
        }
        #expect(try browser.all("//svg//*[contains(@class, 'map-route')]").count == 1)
        #expect(
            try browser.text(at: "//svg/title")
                == "Map: pick-up at Your location; drop-off at Opera House, 0.8 km away.")
    }

    @Test(arguments: ["finding", "on_the_way", "arrived"])
    func cancelRideEndsTheRideFreeOfChargeAndFreesTheAnimal(status: String) async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.requestRide(to: "Opera House", option: "Kangaroo")
        if status != "finding" {
            try await app.container.rideDispatcher.runOnce()
        }
        if status == "arrived" {
            let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: UserID(1)))
            app.clock.advance(by: try #require(ride.timeline()).arrivesAtPickup.timeIntervalSince(app.clock.now) + 0.1)
        }
        try await browser.visit("/ride")
        #expect(try browser.rideStatus() == status)
        let freeBefore = try await app.container.services.fleetRepository.freeAnimals().count

        try await browser.press("Cancel Ride")
        #expect(try browser.rideStatus() == "cancelled")
        #expect(try browser.text(at: "//h2[@id='ride-headline']") == "Ride cancelled")
        #expect(try browser.text(at: "//dd[@class='ride-fare']") == "A$0.00")
        #expect(try browser.first("//button[normalize-space()='Start New Ride']") != nil)
        #expect(
            try await app.container.services.fleetRepository.freeAnimals().count == freeBefore
                + (status == "finding" ? 0 : 1))

        try await browser.press("Start New Ride")
        try await browser.clickLink("Profile")
        #expect(try browser.text(at: "//span[@class='ride-history-status']") == "Cancelled")
        #expect(try browser.text(at: "//span[@class='ride-history-fare']") == "A$0.00")
    }

    @Test func onceRidingTheRideCannotBeCancelledAndThePageSaysSo() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.requestRide(to: "Opera House", option: "Wallabee")
        try await app.container.rideDispatcher.runOnce()
        let form = try #require(try browser.formToken())
        let ride = try #require(try await app.container.services.rideRepository.followedRide(userID: UserID(1)))
        app.clock.advance(by: try #require(ride.timeline()).departsPickup.timeIntervalSince(app.clock.now) + 0.1)

        try await browser.post("/ride/cancel", fields: [("csrf_token", form)])

        #expect(browser.status == .conflict)
        #expect(try browser.errorPanel()?.title == "Cancel Failed")
        #expect(try browser.rideStatus() == "riding")
    }

    @Test func pickMeUpShowsHowFarEachOptionsNearestFreeAnimalIs() async throws {
        let app = try await KooberTestApp(fleetSize: 1)
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Where to?")
        try await browser.press("Opera House")
        let before = try browser.texts(at: "//span[@class='ride-option-availability']")
        #expect(before.count == 3 && before.allSatisfy { $0.hasSuffix(" min away") })

        // Another rider takes the only wallaroo.
        let other = app.browser()
        try await other.signUp(TestBrowser.Account())
        try await other.requestRide(to: "MOMA", option: "Wallaroo")
        try await app.container.rideDispatcher.runOnce()

        // What pick-me-up shows is read at most once a second (one read serves every rider at step 2).
        try await browser.visit("/ride")
        #expect(try browser.texts(at: "//span[@class='ride-option-availability']") == before)
        app.clock.advance(by: 1)
        try await browser.visit("/ride")
        let after = try browser.texts(at: "//span[@class='ride-option-availability']")
        #expect(after[0] == before[0] && after[2] == before[2])
        #expect(after[1] == "None free nearby")
    }

    @Test func aRiderCannotStartANewRideWhileOneIsInProgress() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.requestRide(to: "Opera House", option: "Wallaroo")
        let form = try #require(try browser.formToken())

        try await browser.post("/ride/new", fields: [("csrf_token", form)])
        #expect(try browser.rideStatus() == "finding")
        try await browser.post("/ride/dropoff", fields: [("csrf_token", form), ("place_id", "4")])
        #expect(browser.status == .conflict)
        try await browser.visit("/ride")
        #expect(try browser.rideStatus() == "finding")
        #expect(
            try await app.container.services.rideRepository.rides(userID: UserID(1), before: nil, limit: 100).count == 1
        )
    }

    @Test func aSecondBrowserOfTheSameRiderSeesTheSameStatus() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let phone = app.browser()
        let laptop = app.browser()
        try await phone.signInAsJohnny()
        try await laptop.signInAsJohnny()
        try await phone.requestRide(to: "Opera House", option: "Wallaroo")
        try await app.container.rideDispatcher.runOnce()
        try await phone.visit("/ride")
        try await laptop.visit("/ride")
        #expect(try laptop.rideStatus() == "on_the_way")
        #expect(try laptop.text(at: "//h2[@id='ride-headline']") == (try phone.text(at: "//h2[@id='ride-headline']")))
        try await laptop.press("Cancel Ride")
        try await phone.visit("/ride")
        #expect(try phone.rideStatus() == "cancelled")
    }
}
