import HTTPServer
import TestBrowsing
import Testing

@Suite struct TestBrowserCookieTests {
    private func withBrowser(
        _ connection: BrowserConnection = .inProcess,
        _ body: (TestBrowser) async throws -> Void
    ) async throws {
        try await withTestBrowser(connection, responder: FixtureApp(log: RequestLog()), body)
    }

    @Test(arguments: BrowserConnection.allCases)
    func aCookieSetOnARedirectIsStoredAndSentBack(connection: BrowserConnection) async throws {
        try await withBrowser(connection) { browser in
            try await browser.visit("/sign-in")
            try await browser.press("Sign in")
            let session = try #require(browser.cookie(named: "session"))
            #expect(session.value == "abc123")
            #expect(session.httpOnly)
            #expect(session.sameSite == "Lax")
            #expect(try browser.text(at: "//p[@id='cookie']") == "flash=hi; session=abc123")
        }
    }

    @Test func aSecureCookieIsKeptWithItsFlagAndSentOverPlainHTTP() async throws {
        try await withBrowser { browser in
            try await browser.visit("/sign-in")
            try await browser.press("Sign in")
            #expect(browser.cookie(named: "flash")?.secure == true)
            #expect(try browser.text(at: "//p[@id='cookie']")?.contains("flash=hi") == true)
        }
    }

    @Test(arguments: BrowserConnection.allCases)
    func aCookieIsSentOnlyOnItsPathAndBelow(connection: BrowserConnection) async throws {
        try await withBrowser(connection) { browser in
            try await browser.visit("/cookies/set")
            try await browser.visit("/cookies/show")
            #expect(try browser.text(at: "//p[@id='cookie']") == "scoped=1; dir=4; global=2")
            try await browser.visit("/cookiesx/show")
            #expect(try browser.text(at: "//p[@id='cookie']") == "global=2")
            try await browser.visit("/show")
            #expect(try browser.text(at: "//p[@id='cookie']") == "global=2")
        }
    }

    @Test(arguments: BrowserConnection.allCases)
    func deletedCookiesAreNoLongerSent(connection: BrowserConnection) async throws {
        try await withBrowser(connection) { browser in
            try await browser.visit("/cookies/set")
            try await browser.visit("/cookies/delete")
            try await browser.visit("/cookies/show")
            #expect(try browser.text(at: "//p[@id='cookie']") == "dir=4")
            #expect(browser.cookie(named: "global") == nil)
            #expect(browser.cookie(named: "scoped") == nil)
        }
    }

    @Test func signingOutDeletesTheSessionCookie() async throws {
        try await withBrowser { browser in
            try await browser.visit("/sign-in")
            try await browser.press("Sign in")
            try await browser.press("Sign out")
            #expect(browser.path == "/")
            #expect(browser.cookie(named: "session") == nil)
            try await browser.visit("/show")
            #expect(try browser.text(at: "//p[@id='cookie']") == "")
        }
    }
}
