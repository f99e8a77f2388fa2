import KooberTestSupport
import Testing

/// Form tokens are bound to the session (or, signed out, to a pre-session id) and renewed at sign-in and sign-out:
/// a token planted or collected anywhere else is refused with the 403 page and changes nothing.
@Suite struct SessionBoundCSRFTests {
    private func drafts(_ app: KooberTestApp) async throws -> Int {
        try await app.database.read { try $0.query("SELECT count(*) AS n FROM ride_drafts").first?.int("n") ?? -1 }
    }

    /// An attacker's pre-session id and a token for it, as a sibling subdomain or a plain-HTTP answer could plant
    /// them in the victim's browser before the victim signs in.
    private func plantedPreSession(_ app: KooberTestApp) async throws -> (id: String, token: String) {
        let attacker = app.browser()
        try await attacker.visit("/signin")
        return (
            try #require(attacker.cookie(named: "koober_presession")?.value), try #require(try attacker.formToken())
        )
    }

    @Test func aTokenPlantedBeforeSignInIsRefusedOnSignedInForms() async throws {
        let app = try await KooberTestApp()
        let planted = try await plantedPreSession(app)
        let victim = app.browser()
        victim.setCookie("koober_presession", planted.id)
        try await victim.signInAsJohnny()
        #expect(victim.path == "/ride")

        try await victim.post("/ride/dropoff", fields: [("csrf_token", planted.token), ("place_id", "1")])
        #expect(victim.status == .forbidden)
        #expect(try victim.errorPanel()?.message == "This form has expired. Please try again.")
        try await victim.post("/signout", fields: [("csrf_token", planted.token)])
        #expect(victim.status == .forbidden)
        // Planting the cookie again after sign-in does not help: a signed-in visitor's forms are bound to the session.
        victim.setCookie("koober_presession", planted.id)
        try await victim.post("/ride/dropoff", fields: [("csrf_token", planted.token), ("place_id", "1")])
        #expect(victim.status == .forbidden)

        #expect(try await drafts(app) == 0)
        try await victim.visit("/profile")
        #expect(victim.path == "/profile")  // still signed in
    }

    @Test func aTokenFromAnotherRidersSessionIsRefused() async throws {
        let app = try await KooberTestApp()
        let skippy = app.browser()
        try await skippy.signUp(.init())
        try await skippy.visit("/profile")  // Sign Out is a form: the page has a token
        let skippysToken = try #require(try skippy.formToken())
        let johnny = app.browser()
        try await johnny.signInAsJohnny()

        try await johnny.post("/ride/dropoff", fields: [("csrf_token", skippysToken), ("place_id", "1")])
        #expect(johnny.status == .forbidden)
        #expect(try await drafts(app) == 0)

        // Johnny's own token, from his own page, does the same thing.
        try await johnny.visit("/profile")
        try await johnny.post(
            "/ride/dropoff", fields: [("csrf_token", try #require(try johnny.formToken())), ("place_id", "1")])
        #expect(johnny.path == "/ride")
        #expect(try await drafts(app) == 1)
    }

    @Test func signInRetiresThePreSessionAndItsTokens() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signin")
        let beforeSignIn = try #require(try browser.formToken())
        #expect(browser.cookie(named: "koober_presession") != nil)
        try await browser.signInAsJohnny()
        #expect(browser.cookie(named: "koober_presession") == nil)
        try await browser.visit("/profile")
        let signedIn = try #require(try browser.formToken())
        #expect(signedIn != beforeSignIn)

        try await browser.post("/ride/dropoff", fields: [("csrf_token", beforeSignIn), ("place_id", "1")])
        #expect(browser.status == .forbidden)
        #expect(try await drafts(app) == 0)
    }

    @Test func signOutRenewsThePreSessionAndRetiresTheSessionsTokens() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signin")
        let firstPreSession = try #require(browser.cookie(named: "koober_presession")?.value)
        try await browser.signInAsJohnny()
        try await browser.clickLink("Profile")
        let signedInToken = try #require(try browser.formToken())
        try await browser.press("Sign Out")
        #expect(browser.path == "/welcome")
        let secondPreSession = try #require(browser.cookie(named: "koober_presession")?.value)
        #expect(secondPreSession != firstPreSession)

        // The signed-in page's token is no good on the signed-out forms …
        try await browser.post(
            "/signin", fields: [("csrf_token", signedInToken), ("email", "johnny@gmail.com"), ("password", "password")]
        )
        #expect(browser.status == .forbidden)
        // … while a fresh Sign In page's is.
        try await browser.signInAsJohnny()
        #expect(browser.path == "/ride")
    }

    @Test func aFormRenderedBeforeARestartStillWorksAfterIt() async throws {
        let path = KooberTestApp.temporaryDatabasePath()
        let before = try await KooberTestApp(databasePath: path)
        let browser = before.browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/profile")
        let token = try #require(try browser.formToken())
        try await before.database.close()

        let after = try await KooberTestApp(databasePath: path)
        let sameBrowser = after.browser()
        sameBrowser.cookies = browser.cookies
        try await sameBrowser.post("/ride/dropoff", fields: [("csrf_token", token), ("place_id", "1")])
        #expect(sameBrowser.status == .ok)
        #expect(sameBrowser.path == "/ride")
        #expect(try await drafts(after) == 1)
        withExtendedLifetime(before) {}  // its files go only when both are done
    }
}
