import Foundation
import KooberTestSupport
import TestBrowsing
import Testing

@Suite struct PickMeUpTests {
    @Test func theWholeRideFromSignInToHistory() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()

        // Step 1: the map with the pick-up pin, and Where to?
        #expect(browser.path == "/ride")
        #expect(try browser.all("//svg//*[contains(@class, 'map-pickup')]").count >= 1)
        #expect(try browser.all("//svg//*[contains(@class, 'map-dropoff')]").isEmpty)
        try await browser.clickLink("Where to?")

        // The picker lists every place; a search narrows it.
        #expect(try browser.text(at: "//h1") == "Where To?")
        #expect(try browser.all("//li[@class='place']").count == 32)
        try browser.fillIn("Search", with: "opera")
        try await browser.press("Search")
        #expect(try browser.all("//li[@class='place']//button").map(\.text) == ["Opera House"])
        try await browser.press("Opera House")

        // Step 2: both pins, the route, and three options with riders and fares.
        #expect(browser.path == "/ride")
        #expect(try browser.text(at: "//h2[@id='ride-options-title']") == "Going to Opera House")
        #expect(try browser.all("//svg//*[contains(@class, 'map-dropoff')]").count >= 1)
        #expect(try browser.all("//svg//*[contains(@class, 'map-route')]").count >= 1)
        #expect(try browser.texts(at: "//span[@class='ride-option-name']") == ["Wallabee", "Wallaroo", "Kangaroo"])
        #expect(try browser.texts(at: "//span[@class='ride-option-riders']") == ["2 riders", "4 riders", "6 riders"])
        let fares = try browser.texts(at: "//span[@class='ride-option-fare']")
        #expect(fares.count == 3 && fares.allSatisfy { $0.hasPrefix("A$") })
        #expect(try browser.all("//input[@name='ride_option' and @checked]").isEmpty)

        // Confirm without a choice: the page again, with an error.
        try await browser.press("Confirm")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Choose a Ride")

        try browser.choose("Wallaroo")
        try await browser.press("Confirm")

        // Step 3: the ride is requested and waits for an animal; a reload shows the same.
        #expect(browser.path == "/ride")
        #expect(try browser.rideStatus() == "finding")
        #expect(try browser.text(at: "//h2[@id='ride-headline']") == "Finding your Wallaroo…")
        #expect(try browser.text(at: "//dd[@class='ride-to']") == "Opera House")
        #expect(try browser.text(at: "//dd[@class='ride-option-chosen']") == "Wallaroo")
        let fare = try #require(try browser.text(at: "//dd[@class='ride-fare']"))
        #expect(fare == fares[1])
        try await browser.visit("/ride")
        #expect(try browser.text(at: "//dd[@class='ride-to']") == "Opera House")
        #expect(try browser.first("//button[normalize-space()='Cancel Ride']") != nil)
    }

    @Test func aSecondBrowserOfTheSameRiderSeesTheSameStep() async throws {
        let app = try await KooberTestApp()
        let phone = app.browser()
        let laptop = app.browser()
        try await phone.signInAsJohnny()
        try await laptop.signInAsJohnny()
        try await phone.clickLink("Where to?")
        try await phone.press("MOMA")
        try await laptop.visit("/ride")
        #expect(try laptop.text(at: "//h2[@id='ride-options-title']") == "Going to MOMA")
        try phone.choose("Kangaroo")
        try await phone.press("Confirm")
        try await laptop.visit("/ride")
        #expect(try laptop.text(at: "//dd[@class='ride-option-chosen']") == "Kangaroo")
    }

    @Test func theDropoffCanStillBeChangedAtStepTwo() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Where to?")
        try await browser.press("MOMA")
        try await browser.clickLink("Change drop-off")
        try await browser.press("Apple Store")
        #expect(try browser.text(at: "//h2[@id='ride-options-title']") == "Going to Apple Store")
    }

    @Test func confirmingTwiceFromTwoTabsRequestsOneRide() async throws {
        let app = try await KooberTestApp()
        let first = app.browser()
        try await first.signInAsJohnny()
        try await first.clickLink("Where to?")
        try await first.press("Opera House")
        let second = app.browser()
        try await second.signInAsJohnny()
        try first.choose("Wallabee")
        try second.choose("Kangaroo")
        try await first.press("Confirm")
        try await second.press("Confirm")
        #expect(second.status == .conflict)
        #expect(try second.errorPanel()?.title == "Ride Already Requested")
        try await first.clickLink("Profile")
        #expect(try first.all("//li[@class='ride-history-item']").count == 1)
        #expect(try first.text(at: "//span[@class='ride-history-option']") == "Wallabee")
    }

    @Test func confirmWithNoDropoffChosenIsAClearError() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/ride/dropoff")  // a page with forms, for the visitor's token
        try await browser.post(
            "/ride/confirm", fields: [("csrf_token", try csrf(browser)), ("ride_option", "wallabee")])
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "No Drop-off Chosen")
    }

    @Test(arguments: ["999", "abc", "-1", ""])
    func aForgedPlaceIsRefusedAndChangesNothing(placeID: String) async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Where to?")
        let token = try csrf(browser)
        try await browser.post("/ride/dropoff", fields: [("csrf_token", token), ("place_id", placeID)])
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Unknown Place")
        try await browser.visit("/ride")
        #expect(try browser.first("//a[normalize-space()='Where to?']") != nil)
    }

    @Test(arguments: ["dingo", "", "wallabee' OR '1'='1"])
    func aForgedRideOptionIsRefusedAndNoRideIsStored(option: String) async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Where to?")
        try await browser.press("MOMA")
        try await browser.post("/ride/confirm", fields: [("csrf_token", try csrf(browser)), ("ride_option", option)])
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.first("//h2[@id='ride-options-title']") != nil)
        try await browser.clickLink("Profile")
        #expect(try browser.all("//li[@class='ride-history-item']").isEmpty)
    }

    @Test func twoRidersRidesNeverMix() async throws {
        let app = try await KooberTestApp()
        let johnny = app.browser()
        try await johnny.signInAsJohnny()
        try await johnny.clickLink("Where to?")
        try await johnny.press("Bondi Beach")
        try johnny.choose("Wallabee")
        try await johnny.press("Confirm")

        let skippy = app.browser()
        try await skippy.signUp(TestBrowser.Account())
        #expect(try skippy.first("//a[normalize-space()='Where to?']") != nil)
        try await skippy.clickLink("Profile")
        #expect(try skippy.all("//li[@class='ride-history-item']").isEmpty)
    }

    @Test func pickMeUpPagesNeedASession() async throws {
        let browser = try await KooberTestApp().browser()
        for path in ["/ride", "/ride/dropoff", "/ride/dropoff?q=opera"] {
            try await browser.visit(path)
            #expect(browser.path == "/welcome")
        }
    }

    private func csrf(_ browser: TestBrowser) throws -> String {
        try #require(try browser.first("//input[@name='csrf_token']")?.attributes["value"])
    }
}
