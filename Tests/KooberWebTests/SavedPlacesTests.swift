import Foundation
import KooberTestSupport
import TestBrowsing
import Testing

/// Saved places, Recent and Ride Again as a rider sees them (issue 33): Save from the drop-off picker, the picker's
/// Saved, Recent and All places, a search by label, Saved Places on My Profile with Rename and Remove, and Ride Again
/// on a receipt; forged and stale input answered with a page, never a 500.
@Suite struct SavedPlacesTests {
    private func signedIn(_ app: KooberTestApp) async throws -> TestBrowser {
        let browser = app.browser()
        try await browser.signInAsJohnny()
        return browser
    }

    /// Save on the place's row in Where To?, with a label chosen or typed; back to the picker.
    private func save(_ place: String, as label: String, own: Bool = false, _ browser: TestBrowser) async throws {
        try await browser.visit("/ride/dropoff")
        try await browser.clickLink("Save \(place)")
        #expect(try browser.text(at: "//h1") == "Save \(place)")
        if own {
            try browser.choose("A name of your own")
            try browser.fillIn("Your own label", with: label)
        } else {
            try browser.choose(label)
        }
        try await browser.press("Save")
    }

    private func saved(_ browser: TestBrowser) throws -> [String] {
        try browser.all("//ul[contains(@class, 'saved-list')]//button").map(\.text)
    }

    private func recent(_ browser: TestBrowser) throws -> [String] {
        try browser.all("//ul[contains(@class, 'recent-list')]//button").map(\.text)
    }

    @Test func aPlaceSavedAsHomeShowsUnderSavedAndIsChosenFromThere() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        try await browser.visit("/ride/dropoff")
        #expect(try browser.texts(at: "//h2") == ["All places"], "a new rider has nothing saved or recent")
        try await save("Opera House", as: "Home", browser)
        #expect(browser.path == "/ride/dropoff")
        #expect(try browser.texts(at: "//h2") == ["Saved", "All places"])
        #expect(try saved(browser) == ["Home Opera House"])
        try await save("MOMA", as: "home", own: true, browser)
        #expect(try saved(browser) == ["Home MOMA"], "saving Home again moves Home")
        try await save("Apple Store", as: "  Gym  ", own: true, browser)
        #expect(try saved(browser) == ["Home MOMA", "Gym Apple Store"])
        try await browser.press("Gym Apple Store")
        #expect(browser.path == "/ride")
        #expect(try browser.text(at: "//h2[@id='ride-options-title']") == "Going to Apple Store", "step 2")
    }

    @Test func profileInTheTopBarOfWhereToAndSaveLeadsToMyProfile() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        for page in ["/ride/dropoff", "/places/saved/new?place=1"] {
            try await browser.visit(page)
            try await browser.clickLink("Profile")
            #expect(browser.path == "/profile", "from \(page)")
            #expect(try browser.text(at: "//h1") == "My Profile", "from \(page)")
        }
    }

    @Test func aSearchFindsAPlaceByTheRidersLabel() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        try await save("MOMA", as: "Home", browser)
        try await browser.visit("/ride/dropoff?q=home")
        #expect(try browser.all("//li[@class='place']//button").map(\.text) == ["MOMA"])
        #expect(try browser.texts(at: "//h2").isEmpty, "a search lists its matches alone")
        try await browser.visit("/ride/dropoff?q=opera")
        #expect(try browser.all("//li[@class='place']//button").map(\.text) == ["Opera House"])
    }

    @Test func theSaveFormRefusesABadLabelAndANinthOfTheRidersOwn() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        try await save("MOMA", as: "", own: true, browser)
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.fieldError("Your own label") == "Please choose Home or Work, or type a name of your own.")
        try await save("MOMA", as: String(repeating: "x", count: 31), own: true, browser)
        #expect(try browser.fieldError("Your own label") == "Use at most 30 characters.")
        #expect(try browser.fieldValue("Your own label") == String(repeating: "x", count: 31))
        for number in 1...8 { try await save("MOMA", as: "Place \(number)", own: true, browser) }
        try await save("Opera House", as: "Place 9", own: true, browser)
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Too Many Saved Places")
        try await save("Opera House", as: "Work", browser)
        #expect(browser.path == "/ride/dropoff", "Home and Work are not counted among the eight")
        #expect(try saved(browser).count == 9)
    }

    /// Issue 41: "Café" typed with a composed é and with a combining accent is one label; a label of one character
    /// with 100,000 combining accents is refused by its bytes.
    @Test func oneLabelHoweverItsAccentIsTypedAndNoneOfAHundredKilobytes() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        try await save("MOMA", as: "Caf\u{E9}", own: true, browser)
        try await save("Opera House", as: "CAFE\u{301}", own: true, browser)
        #expect(browser.path == "/ride/dropoff")
        #expect(try saved(browser) == ["CAFE\u{301} Opera House"], "moved, not added")
        let accented = "a" + String(repeating: "\u{301}", count: 100_000)
        try await save("MOMA", as: accented, own: true, browser)
        #expect(browser.status == .unprocessableEntity)
        #expect(
            try browser.fieldError("Your own label")
                == "Use at most 120 bytes (accented letters and emoji take more than one).")
        try await browser.visit("/ride/dropoff")
        #expect(try saved(browser) == ["CAFE\u{301} Opera House"])
    }

    @Test func forgedPlaceIdsAndStaleLabelsAreAnsweredWithAPage() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        for path in ["/places/saved/new?place=999", "/places/saved/new?place=abc", "/places/saved/new"] {
            try await browser.visit(path)
            #expect(browser.status == .notFound, "\(path)")
        }
        try await browser.visit("/ride/dropoff")
        let token = try #require(try browser.formToken())
        for id in ["999", "x", "99999999999999999999"] {
            try await browser.post(
                "/places/saved/new", fields: [("csrf_token", token), ("place_id", id), ("label", "home")])
            #expect(browser.status == .notFound, "\(id)")
        }
        try await browser.post("/places/saved/remove", fields: [("csrf_token", token), ("label", "Home")])
        #expect(browser.status == .notFound)
        #expect(try browser.errorPanel()?.title == "No Such Saved Place")
        try await browser.post(
            "/places/saved/rename", fields: [("csrf_token", token), ("label", "Home"), ("new_label", "Work")])
        #expect(browser.status == .notFound)
        try await browser.visit("/places/saved")
        #expect(try browser.text(at: "//p[@class='saved-none']")?.hasPrefix("No saved places yet.") == true)
    }

    @Test func savedPlacesOnMyProfileRenamesAndRemoves() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        try await save("Opera House", as: "Home", browser)
        try await save("MOMA", as: "Gym", own: true, browser)
        try await browser.visit("/profile")
        try await browser.clickLink("Saved Places")
        #expect(try browser.texts(at: "//h2[@class='saved-label']") == ["Home", "Gym"])
        try browser.fillIn("New label for Gym", with: "home")
        try await browser.press("Rename Gym")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.fieldError("New label for Gym") == "You already have a saved place with that label.")
        #expect(try browser.fieldValue("New label for Gym") == "home")
        try browser.fillIn("New label for Gym", with: "Pool")
        try await browser.press("Rename Gym")
        #expect(browser.path == "/places/saved")
        #expect(try browser.texts(at: "//h2[@class='saved-label']") == ["Home", "Pool"])
        try await browser.press("Remove Home")
        #expect(try browser.texts(at: "//h2[@class='saved-label']") == ["Pool"])
        #expect(try browser.texts(at: "//p[@class='saved-place-name']") == ["MOMA"])
    }

    @Test func recentIsTheLastDistinctDropoffsNewestFirst() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        for place in ["Opera House", "MOMA", "Opera House"] {
            try await browser.visit("/ride")
            if try browser.first("//button[normalize-space()='Cancel Ride']") != nil {
                try await browser.press("Cancel Ride")
                try await browser.press("Start New Ride")
            }
            try await browser.requestRide(to: place, option: "Wallabee")
            app.clock.advance(by: 60)
        }
        try await browser.press("Cancel Ride")
        try await browser.press("Start New Ride")
        try await browser.visit("/ride/dropoff")
        #expect(try browser.texts(at: "//h2") == ["Recent", "All places"])
        #expect(try recent(browser) == ["Recent: Opera House", "Recent: MOMA"])
        try await browser.press("Recent: MOMA")
        #expect(browser.path == "/ride")
        #expect(try browser.first("//button[normalize-space()='Confirm']") != nil)
    }

    @Test func rideAgainChoosesTheReceiptsDropoffUnlessARideIsInProgress() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        try await browser.requestRide(to: "MOMA", option: "Wallaroo")
        try await browser.visit("/rides/1")
        try await browser.press("Ride Again")
        #expect(browser.path == "/ride")
        #expect(try browser.rideStatus() != nil, "the ride in progress is what pick-me-up shows")
        #expect(try browser.first("//button[normalize-space()='Confirm']") == nil)

        try await browser.press("Cancel Ride")
        try await browser.press("Start New Ride")
        try await browser.visit("/rides/1")
        try await browser.press("Ride Again")
        #expect(browser.path == "/ride")
        #expect(try browser.rideStatus() == nil)
        #expect(try browser.first("//button[normalize-space()='Confirm']") != nil, "step 2, MOMA chosen")
        #expect(try browser.text(at: "//h2[@id='ride-options-title']") == "Going to MOMA")
        #expect(browser.bodyText.contains("A$"), "fares worked out for the trip")

        let token = try #require(try browser.formToken())
        for path in ["/rides/2/again", "/rides/abc/again", "/rides/0/again"] {
            try await browser.post(path, fields: [("csrf_token", token)])
            #expect(browser.status == .notFound, "\(path)")
        }
    }

    @Test func everySavedPlacesFormNeedsItsToken() async throws {
        let app = try await KooberTestApp()
        let browser = try await signedIn(app)
        try await browser.requestRide(to: "MOMA", option: "Wallaroo")
        for (path, fields) in [
            ("/places/saved/new", [("place_id", "1"), ("label", "home")]),
            ("/places/saved/rename", [("label", "Home"), ("new_label", "Work")]),
            ("/places/saved/remove", [("label", "Home")]),
            ("/rides/1/again", []),
        ] {
            try await browser.post(path, fields: fields + [("csrf_token", "forged")])
            #expect(browser.status == .forbidden, "\(path)")
        }
        try await browser.visit("/places/saved")
        #expect(try browser.all("//li[@class='saved-place']").isEmpty, "nothing saved")
    }
}
