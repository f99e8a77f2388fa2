import KooberTestSupport
import Testing

@Suite struct SignInTests {
    @Test func theDemoAccountSignsInAndLandsOnPickMeUp() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        #expect(browser.path == "/ride")
        #expect(try browser.text(at: "//h1") == "Hi, Johnny!")
        #expect(try browser.first("//header//a[normalize-space()='Profile']") != nil)
    }

    @Test(arguments: [
        ("johnny@gmail.com", "wrong password"),
        ("nobody@example.com", "password"),
        ("", ""),
        ("johnny@gmail.com", ""),
    ])
    func everyFailureGetsTheSameAnswerWithTheEmailKept(email: String, password: String) async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signIn(email: email, password: password)
        #expect(browser.path == "/signin")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Sign In Failed")
        #expect(try browser.errorPanel()?.message == "Could not sign in. Please try again.")
        #expect(try browser.fieldValue("Email") == email)
        #expect(try browser.fieldValue("Password") == "")
        #expect(try browser.all("//*[contains(@class, 'field-error')]").isEmpty)
        #expect(browser.cookie(named: "koober_session") == nil)
    }

    @Test func theSixthFailureInAWindowIsThrottledEvenWithTheRightPassword() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        for _ in 1...5 {
            try await browser.signIn(email: "johnny@gmail.com", password: "guess")
            #expect(browser.status == .unprocessableEntity)
        }
        try await browser.signIn(email: "johnny@gmail.com", password: "password")
        #expect(browser.status == .tooManyRequests)
        #expect(try browser.errorPanel()?.title == "Too Many Tries")
        #expect(browser.cookie(named: "koober_session") == nil)

        app.clock.advance(by: 15 * 60 + 1)
        try await browser.signIn(email: "johnny@gmail.com", password: "password")
        #expect(browser.path == "/ride")
    }

    @Test func throttlingCannotBeDodgedByCaseOrSpaces() async throws {
        let browser = try await KooberTestApp().browser()
        for variant in [
            "johnny@gmail.com", "JOHNNY@gmail.com", " johnny@gmail.com", "Johnny@Gmail.Com ", "\tjohnny@GMAIL.com\r\n",
        ] {
            try await browser.signIn(email: variant, password: "guess")
        }
        try await browser.signIn(email: "johnny@gmail.COM", password: "password")
        #expect(browser.status == .tooManyRequests)
    }

    @Test func aSuccessfulSignInClearsEarlierFailures() async throws {
        let browser = try await KooberTestApp().browser()
        for _ in 1...4 { try await browser.signIn(email: "johnny@gmail.com", password: "guess") }
        try await browser.signInAsJohnny()
        try await browser.signOut()
        for _ in 1...4 { try await browser.signIn(email: "johnny@gmail.com", password: "guess") }
        try await browser.signInAsJohnny()
        #expect(browser.path == "/ride")
    }

    @Test func everySignInStartsANewSession() async throws {
        let app = try await KooberTestApp()
        let first = app.browser()
        try await first.signInAsJohnny()
        let second = app.browser()
        try await second.signInAsJohnny()
        let firstID = try #require(first.cookie(named: "koober_session")?.value)
        let secondID = try #require(second.cookie(named: "koober_session")?.value)
        #expect(firstID != secondID)
        #expect(firstID.count == 43)  // 256 bits in base64url
    }
}
