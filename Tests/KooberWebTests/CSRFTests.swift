import HTTPServer
import KooberTestSupport
import NIOCore
import Testing

@Suite struct CSRFTests {
    private let newRider = [
        ("name", "Mallory"), ("nickname", "Mal"), ("email", "mallory@example.com"), ("mobileNumber", "0400 000 000"),
        ("password", "long enough"),
    ]

    /// Whether a sign-in as Mallory works, which tells whether a refused sign-up was stored after all.
    private func malloryExists(_ app: KooberTestApp) async throws -> Bool {
        let browser = app.browser()
        try await browser.signIn(email: "mallory@example.com", password: "long enough")
        return browser.path == "/ride"
    }

    @Test func aFormPostWithoutATokenIsRefusedAndChangesNothing() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signup")
        try await browser.post("/signup", fields: newRider)
        #expect(browser.status == .forbidden)
        #expect(try browser.errorPanel()?.message == "This form has expired. Please try again.")
        #expect(try await !malloryExists(app))
    }

    @Test func aForgedTokenIsRefused() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signup")
        try await browser.post("/signup", fields: newRider + [("csrf_token", String(repeating: "x", count: 43))])
        #expect(browser.status == .forbidden)
        #expect(try await !malloryExists(app))
    }

    @Test func anotherVisitorsTokenIsRefused() async throws {
        let app = try await KooberTestApp()
        let attacker = app.browser()
        try await attacker.visit("/signup")
        let attackersToken = try #require(try attacker.formToken())
        let victim = app.browser()
        try await victim.visit("/signup")
        try await victim.post("/signup", fields: newRider + [("csrf_token", attackersToken)])
        #expect(victim.status == .forbidden)
        #expect(try await !malloryExists(app))
    }

    @Test func aPostFromAnotherSiteIsRefusedEvenWithTheRightToken() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Profile")
        browser.origin = "http://evil.example"
        try await browser.press("Sign Out")
        #expect(browser.status == .forbidden)
        browser.origin = "http://\(browser.host)"
        try await browser.visit("/ride")
        #expect(browser.path == "/ride")
    }

    /// Chromium posts a form from a page sent with `Referrer-Policy: no-referrer` (the reset link's, Koober Ops'
    /// enrolment link's) with `Origin: null`, and says `Sec-Fetch-Site: same-origin`: once refused as Form Expired.
    @Test func aNullOriginIsTakenOnlyWhenTheBrowserSaysTheFormIsKoobersOwn() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signin")
        try browser.fillIn("Email", with: "johnny@gmail.com")
        try browser.fillIn("Password", with: "password")
        browser.origin = nil
        browser.additionalHeaders = ["Origin": "null"]
        try await browser.press("Sign In")
        #expect(browser.status == .forbidden)
        for fetchSite in ["cross-site", "same-site", "none"] {
            browser.additionalHeaders = ["Origin": "null", "Sec-Fetch-Site": fetchSite]
            try await browser.visit("/signin")
            try browser.fillIn("Email", with: "johnny@gmail.com")
            try browser.fillIn("Password", with: "password")
            try await browser.press("Sign In")
            #expect(browser.status == .forbidden, "\(fetchSite)")
        }
        browser.additionalHeaders = ["Origin": "null", "Sec-Fetch-Site": "same-origin"]
        try await browser.visit("/signin")
        try browser.fillIn("Email", with: "johnny@gmail.com")
        try browser.fillIn("Password", with: "password")
        try await browser.press("Sign In")
        #expect(browser.path == "/ride")
    }

    @Test func signOutRetiresTheFormsRenderedBeforeIt() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signin")
        let oldToken = try #require(try browser.formToken())
        try await browser.signInAsJohnny()
        try await browser.signOut()
        try await browser.post(
            "/signin", fields: [("email", "johnny@gmail.com"), ("password", "password"), ("csrf_token", oldToken)])
        #expect(browser.status == .forbidden)
    }

    @Test func aFormThatIsNotUTF8IsABadRequest() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/signin")
        let token = try #require(try browser.formToken())
        try await browser.postRaw("/signin", body: "csrf_token=\(token)&email=%ff%fe&password=x")
        #expect(browser.status == .badRequest)
        #expect(try browser.errorPanel()?.title == "Bad Request")
    }

    @Test func aSignInPostedFromAnotherSiteIsRefused() async throws {
        // Login CSRF: another site signs the visitor in to the attacker's account.
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/signin")
        try browser.fillIn("Email", with: "johnny@gmail.com")
        try browser.fillIn("Password", with: "password")
        browser.origin = "https://evil.example"
        try await browser.press("Sign In")
        #expect(browser.status == .forbidden)
        #expect(browser.cookie(named: "koober_session") == nil)
    }

    @Test(arguments: ["cross-site", "same-site"])
    func aPostTheBrowserSaysCameFromElsewhereIsRefused(fetchSite: String) async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signin")
        let preSession = try #require(browser.cookie(named: "koober_presession")?.value)
        let token = try #require(try browser.formToken())
        let body = "csrf_token=\(token)&email=johnny%40gmail.com&password=password"
        let request = Request(
            method: .POST, uri: "/signin",
            headers: ["Host": "localhost", "Cookie": "koober_presession=\(preSession)", "Sec-Fetch-Site": fetchSite],
            body: ByteBuffer(string: body)
        )
        let response = await app.responder.respond(to: request)
        #expect(response.status == .forbidden)
        #expect(!response.headers["set-cookie"].contains { $0.hasPrefix("koober_session=") })
    }
}
