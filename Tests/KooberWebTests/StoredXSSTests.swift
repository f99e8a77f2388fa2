import KooberTestSupport
import TestBrowsing
import Testing

/// Whatever a rider types comes back as text, never as markup: every field a user can type (name, nickname, email,
/// mobile number, search), on every page that shows it.
@Suite struct StoredXSSTests {
    static let script = #"<script>alert("name")</script>"#
    static let attribute = #""><img src=x onerror=alert('nick')>"#
    static let email = "<img/src=x/onerror=alert(1)>@x.example"
    static let mobile = "0400<svg/onload=alert(2)>"
    static let search = #"</ul><script>alert('q')</script>"#

    /// No markup of the attacker's: no inline script, no event-handler attribute, no image or SVG of theirs.
    private func expectNoInjectedMarkup(_ browser: TestBrowser, _ page: String) throws {
        #expect(try browser.all("//script[not(@src)]").isEmpty, "\(page)")
        #expect(try browser.all("//*[@*[starts-with(name(), 'on')]]").isEmpty, "\(page)")
        #expect(try browser.all("//img[@src='x'] | //svg[@onload]").isEmpty, "\(page)")
    }

    private func pageText(_ browser: TestBrowser) throws -> String {
        try browser.text(at: "//body") ?? ""
    }

    @Test func whatARiderTypedIsShownAsTextOnEveryPage() async throws {
        let browser = try await KooberTestApp().browser()
        let account = TestBrowser.Account(
            name: Self.script, nickname: Self.attribute, email: Self.email, mobileNumber: Self.mobile,
            password: "long enough"
        )
        try await browser.signUp(account)
        #expect(browser.path == "/ride")
        try expectNoInjectedMarkup(browser, "/ride")

        try await browser.clickLink("Where to?")
        try browser.fillIn("Search", with: Self.search)
        try await browser.press("Search")
        try expectNoInjectedMarkup(browser, "/ride/dropoff")
        #expect(try pageText(browser).contains(Self.search))

        try await browser.visit("/ride/dropoff")
        try await browser.press("Opera House")
        try expectNoInjectedMarkup(browser, "/ride, step 2")
        try browser.choose("Wallabee")
        try await browser.press("Confirm")
        try expectNoInjectedMarkup(browser, "/ride, step 3")

        try await browser.clickLink("Profile")
        try expectNoInjectedMarkup(browser, "/profile")
        let profile = try pageText(browser)
        for typed in [Self.script, Self.attribute, Self.email, Self.mobile] {
            #expect(profile.contains(typed), "the profile shows \(typed) as typed")
        }
    }

    /// `ride.mustache` inserts the map unescaped (`{{{mapSVG}}}`): the one raw insertion, safe because `RouteMap`
    /// escapes every text it draws. A place whose name is full of markup shows on the map as text.
    @Test func aPlaceNameFullOfMarkupIsTextOnTheMap() async throws {
        let name = #"<script>alert("map")</script><svg onload=alert(3)>&amp; "quoted" 'too'"#
        let app = try await KooberTestApp()
        _ = try await app.database.write {
            try $0.execute(
                "INSERT INTO places (id, name, latitude, longitude) VALUES (9001, ?, -33.87, 151.2)", [.text(name)]
            )
        }
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/ride/dropoff")
        try await browser.press(name)
        #expect(browser.path == "/ride")

        try expectNoInjectedMarkup(browser, "/ride, step 2")
        #expect(try browser.all("//*[local-name()='svg']//*[local-name()='script' or local-name()='svg']").isEmpty)
        let title = try #require(try browser.text(at: "//*[local-name()='svg']/*[local-name()='title']"))
        #expect(title.contains("drop-off at \(name),"))
        let labels = try browser.all("//*[local-name()='svg']//*[local-name()='text']").map(\.text)
        #expect(labels.contains { $0.hasPrefix("<script>") }, "the label, cut to fit, starts with the name as text")
    }

    @Test func formsShownAgainAfterAnErrorKeepWhatWasTypedAsText() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signUp(
            .init(
                name: Self.script, nickname: Self.attribute, email: Self.email, mobileNumber: Self.mobile,
                password: "short")
        )
        #expect(try browser.errorPanel()?.title == "Sign Up Failed")
        try expectNoInjectedMarkup(browser, "/signup with errors")
        #expect(try browser.first("//input[@value='\(Self.script)']") != nil)

        try await browser.signIn(email: Self.attribute, password: "wrong")
        #expect(try browser.errorPanel()?.title == "Sign In Failed")
        try expectNoInjectedMarkup(browser, "/signin with errors")
    }
}
