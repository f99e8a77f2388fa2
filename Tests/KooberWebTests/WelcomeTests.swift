import KooberTestSupport
import TestBrowsing
import Testing

@Suite struct WelcomeTests {
    @Test func launchSendsAVisitorWithoutASessionToWelcome() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/")
        #expect(browser.path == "/welcome")
        #expect(browser.history.first?.status == .seeOther)
        #expect(browser.status == .ok)
    }

    @Test func welcomeShowsTheBrandAndTheTwoWaysIn() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/welcome")
        #expect(try browser.text(at: "//h1") == "KOOBER")
        #expect(try browser.all("//main//a").map(\.text) == ["Sign In", "Sign Up"])
        #expect(browser.title == "Welcome · Koober")
    }

    @Test func signInAndSignUpAreReachableFromWelcome() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/welcome")
        try await browser.clickLink("Sign In")
        #expect(browser.path == "/signin")
        #expect(try browser.text(at: "//h1") == "Sign In")
        try await browser.visit("/welcome")
        try await browser.clickLink("Sign Up")
        #expect(browser.path == "/signup")
        #expect(try browser.text(at: "//h1") == "Sign Up")
    }

    @Test func welcomeOverTCPServesTheSamePageWithItsStylesheet() async throws {
        let app = try await KooberTestApp()
        try await app.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.visit("/")
            #expect(browser.path == "/welcome")
            #expect(try browser.text(at: "//h1") == "KOOBER")
            let stylesheet = try #require(try browser.first("//link[@rel='stylesheet']")?.attributes["href"])
            try await browser.visit(stylesheet)
            #expect(browser.status == .ok)
            #expect(browser.headers.first(name: "content-type") == "text/css; charset=utf-8")
        }
    }

    @Test func healthCheckSaysOK() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/healthz")
        #expect(browser.status == .ok)
        #expect(browser.bodyText == "ok")
    }

    @Test func healthCheckSaysUnavailableWhenTheDatabaseDoesNotAnswer() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await app.close()
        try await browser.visit("/healthz")
        #expect(browser.status == .serviceUnavailable)
        #expect(browser.bodyText == "unavailable")
    }
}
