import KooberKit
import KooberSQLite
import KooberTestSupport
import Testing

@Suite struct SessionTests {
    @Test func signedInPagesSendAVisitorWithoutASessionToWelcome() async throws {
        let browser = try await KooberTestApp().browser()
        for path in ["/ride", "/profile"] {
            try await browser.visit(path)
            #expect(browser.path == "/welcome")
        }
    }

    @Test func onboardingPagesSendASignedInRiderToPickMeUp() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        for path in ["/", "/welcome", "/signin", "/signup"] {
            try await browser.visit(path)
            #expect(browser.path == "/ride")
        }
    }

    @Test func theOldCookieIsWorthlessAfterSignOut() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        let oldCookie = try #require(browser.cookie(named: "koober_session")?.value)
        try await browser.signOut()
        #expect(browser.cookie(named: "koober_session") == nil)
        browser.setCookie("koober_session", oldCookie)
        try await browser.visit("/profile")
        #expect(browser.path == "/welcome")
    }

    @Test func aForgedCookieIsNeverASession() async throws {
        let browser = try await KooberTestApp().browser()
        for forged in ["abc", String(repeating: "A", count: 43), "'; DROP TABLE sessions; --"] {
            browser.setCookie("koober_session", forged.replacingOccurrences(of: " ", with: ""))
            try await browser.visit("/ride")
            #expect(browser.path == "/welcome")
        }
    }

    @Test func aSessionIdleForSevenDaysHasEnded() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        app.clock.advance(by: 6 * 24 * 3600)
        try await browser.visit("/ride")
        #expect(browser.path == "/ride")
        app.clock.advance(by: 7 * 24 * 3600)
        try await browser.visit("/ride")
        #expect(browser.path == "/welcome")
    }

    @Test func aSessionEndsAfterThirtyDaysHoweverOftenItIsUsed() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        for _ in 1...5 {
            app.clock.advance(by: 5 * 24 * 3600)
            try await browser.visit("/ride")
            #expect(browser.path == "/ride")
        }
        app.clock.advance(by: 6 * 24 * 3600)
        try await browser.visit("/ride")
        #expect(browser.path == "/welcome")
    }

    @Test func expiredSessionsArePurgedFromStorage() async throws {
        let app = try await KooberTestApp()
        let first = app.browser()
        try await first.signInAsJohnny()
        app.clock.advance(by: 8 * 24 * 3600)
        let second = app.browser()
        try await second.signInAsJohnny()
        let remaining = try await app.database.read { try $0.query("SELECT COUNT(*) AS n FROM sessions") }
        #expect(try remaining.first?.int("n") == 1)
    }

    @Test func theDatabaseKeepsOnlyTheHashOfASessionID() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let id = try #require(browser.cookie(named: "koober_session")?.value)
        let stored = try await app.database.read { try $0.query("SELECT token_hash FROM sessions") }
        let hash = try #require(try stored.first?.string("token_hash"))
        #expect(hash != id)
        #expect(hash == SessionToken(value: id).hash.hex)
        #expect(hash.count == 64)
    }

    @Test func aCookieValuePlantedBeforeSignInIsNeverAdopted() async throws {
        let app = try await KooberTestApp()
        let victim = app.browser()
        // Session fixation: the attacker gets a session id of their choosing into the victim's browser, then waits.
        let planted = SessionToken.generate().value
        victim.setCookie("koober_session", planted)
        try await victim.signInAsJohnny()
        #expect(victim.path == "/ride")
        #expect(victim.cookie(named: "koober_session")?.value != planted)
        let attacker = app.browser()
        attacker.setCookie("koober_session", planted)
        try await attacker.visit("/profile")
        #expect(attacker.path == "/welcome")
        let stored = try await app.database.read {
            try $0.query(
                "SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?",
                [.text(SessionToken(value: planted).hash.hex)])
        }
        #expect(try stored.first?.int("n") == 0)
    }
}
