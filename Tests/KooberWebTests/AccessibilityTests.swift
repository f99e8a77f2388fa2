import HTTPServer
import KooberTestSupport
import TestBrowsing
import Testing

/// What every page owes a phone and a screen reader, checked on the served HTML (the browser tests check the
/// rendered result, with axe-core, in Chromium).
@Suite struct AccessibilityTests {
    /// Every screen of the journey, each visited once: (name, how to get there).
    static let screens: [(String, @Sendable (TestBrowser) async throws -> Void)] = [
        ("welcome", { try await $0.visit("/welcome") }),
        ("sign in", { try await $0.visit("/signin") }),
        (
            "sign up, failed",
            { browser in
                try await browser.visit("/signup")
                try await browser.press("Sign Up")
            }
        ),
        (
            "pick me up",
            { browser in
                try await browser.signInAsJohnny()
            }
        ),
        (
            "where to",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.clickLink("Where to?")
            }
        ),
        (
            "ride options, none chosen",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.clickLink("Where to?")
                try await browser.press("Opera House")
                try await browser.press("Confirm")
            }
        ),
        (
            "profile",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.clickLink("Profile")
            }
        ),
        (
            "save a place, failed",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.visit("/places/saved/new?place=1")
                try browser.choose("A name of your own")
                try await browser.press("Save")
            }
        ),
        (
            "where to, with saved and recent places",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.requestRide(to: "MOMA", option: "Wallaroo")
                try await browser.press("Cancel Ride")
                try await browser.press("Start New Ride")
                try await browser.visit("/places/saved/new?place=1")
                try browser.choose("Home")
                try await browser.press("Save")
            }
        ),
        (
            "saved places, rename failed",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.visit("/places/saved/new?place=1")
                try browser.choose("Home")
                try await browser.press("Save")
                try await browser.visit("/places/saved")
                try await browser.press("Rename Home")
            }
        ),
        (
            "report a problem, failed",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.requestRide(to: "Opera House", option: "Wallaroo")
                try await browser.press("Cancel Ride")
                try await browser.clickLink("Profile")
                let receipt = try browser.first("//a[@class='ride-history-link']")?[attribute: "href"]
                try await browser.visit(try #require(receipt))
                try await browser.clickLink("Report a Problem")
                try await browser.press("Send Report")
            }
        ),
        (
            "live ride, shared",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.requestRide(to: "Opera House", option: "Wallaroo")
                try await browser.press("Share Ride")
            }
        ),
        (
            "shared ride, signed out",
            { browser in
                try await browser.signInAsJohnny()
                try await browser.requestRide(to: "Opera House", option: "Wallaroo")
                try await browser.press("Share Ride")
                let link = try #require(try browser.first("//input[@id='share-link']")?[attribute: "value"])
                try await browser.signOut()
                try await browser.visit(String(link.dropFirst(KooberTestApp.publicURL.count)))
            }
        ),
        ("share ended", { try await $0.visit("/share/no-such-link") }),
        ("not found", { try await $0.visit("/no-such-page") }),
    ]

    static let screenIndices = Array(screens.indices)

    @Test(arguments: screenIndices)
    func everyPageHasLanguageViewportTitleSkipLinkAndOneHeading(index: Int) async throws {
        let (name, reach) = Self.screens[index]
        let browser = try await KooberTestApp().browser()
        try await reach(browser)
        #expect(try browser.first("/html")?[attribute: "lang"] == "en-AU", "\(name)")
        #expect(try browser.first("/html")?[attribute: "dir"] == "ltr", "\(name)")
        #expect(
            try browser.first("//meta[@name='viewport']")?[attribute: "content"]
                == "width=device-width, initial-scale=1")
        #expect(browser.title?.hasSuffix(" · Koober") == true, "\(name): \(browser.title ?? "no title")")
        #expect(try browser.first("//body/a[1]")?[attribute: "href"] == "#main", "\(name): the skip link comes first")
        #expect(try browser.all("//main[@id='main']").count == 1, "\(name)")
        #expect(try browser.all("//h1").count <= 1, "\(name)")
    }

    @Test(arguments: screenIndices)
    func everyControlHasALabelOrAName(index: Int) async throws {
        let (name, reach) = Self.screens[index]
        let browser = try await KooberTestApp().browser()
        try await reach(browser)
        for input in try browser.all("//input[not(@type='hidden')]") {
            let id = try #require(input[attribute: "id"], "\(name): an input without an id cannot be labelled")
            #expect(try browser.all("//label[@for='\(id)']").count == 1, "\(name): \(id) has one label")
        }
        for button in try browser.all("//button") {
            #expect(!button.text.isEmpty, "\(name): a button says what it does")
        }
        for link in try browser.all("//a") {
            // An empty href is the page itself: a link that goes nowhere (Profile on Where To? once did).
            #expect(!(link[attribute: "href"] ?? "").isEmpty, "\(name): \(link.text) links somewhere")
        }
        for image in try browser.all("//img") {
            #expect(
                image.has("alt"), "\(name): \(image[attribute: "src"] ?? "an image") has alt text (empty if decorative)"
            )
        }
    }

    @Test func signUpFieldsTellPhonesWhatTheyHold() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/signup")
        let expected: [(label: String, type: String, autocomplete: String, inputmode: String?)] = [
            ("Full Name", "text", "name", nil),
            ("What should we call you?", "text", "nickname", nil),
            ("Email", "email", "email", "email"),
            ("Mobile Number", "tel", "tel", "tel"),
            ("Password", "password", "new-password", nil),
        ]
        for field in expected {
            let input = try browser.control(labelled: field.label)
            #expect(input[attribute: "type"] == field.type, "\(field.label)")
            #expect(input[attribute: "autocomplete"] == field.autocomplete, "\(field.label)")
            #expect(input[attribute: "inputmode"] == field.inputmode, "\(field.label)")
        }
    }

    @Test func signInAsksForTheCurrentPassword() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/signin")
        #expect(try browser.control(labelled: "Email")[attribute: "type"] == "email")
        #expect(try browser.control(labelled: "Password")[attribute: "autocomplete"] == "current-password")
    }

    @Test func thePasswordHintAndItsErrorBothDescribeTheField() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/signup")
        let password = try browser.control(labelled: "Password")
        #expect(password[attribute: "aria-describedby"] == "signup-password-hint")
        #expect(try browser.text(at: "//*[@id='signup-password-hint']") == "At least 8 characters.")
        #expect(!password.has("aria-invalid"))
        try await browser.press("Sign Up")
        let invalid = try browser.control(labelled: "Password")
        #expect(invalid[attribute: "aria-describedby"] == "signup-password-hint signup-password-error")
        #expect(invalid[attribute: "aria-invalid"] == "true")
        #expect(try browser.fieldError("Password") == "Please choose a password.")
    }

    @Test func theMapHasATextAlternative() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        let map = try #require(try browser.first("//*[local-name()='svg'][@role='img']"))
        let titleID = try #require(map[attribute: "aria-labelledby"])
        #expect(try browser.text(at: "//*[@id='\(titleID)']") == "Map: pick-up at Your location.")
    }

    @Test func pagesLinkTheirStylesheetWithTheAssetVersionWhichIsCachedForAYear() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/welcome")
        let stylesheet = try #require(try browser.first("//link[@rel='stylesheet']")?[attribute: "href"])
        #expect(stylesheet == "/css/koober.css?v=\(app.container.staticFiles.version)")
        try await browser.visit(stylesheet)
        #expect(browser.status == .ok)
        #expect(browser.headers["Cache-Control"] == [StaticFileMiddleware.versionedCacheControl])
    }
}
