import HTTPServer
import TestBrowsing
import Testing

@Suite struct TestBrowserNavigationTests {
    private func withBrowser(
        _ connection: BrowserConnection = .inProcess,
        _ body: (TestBrowser, RequestLog) async throws -> Void
    ) async throws {
        let log = RequestLog()
        try await withTestBrowser(connection, responder: FixtureApp(log: log)) { browser in
            try await body(browser, log)
        }
    }

    @Test(arguments: BrowserConnection.allCases)
    func visitingAPageShowsItsTitleStatusAndText(connection: BrowserConnection) async throws {
        try await withBrowser(connection) { browser, _ in
            try await browser.visit("/")
            #expect(browser.status == .ok)
            #expect(browser.title == "Home")
            #expect(browser.path == "/")
            #expect(try browser.text(at: "//h1") == "Welcome home")
            #expect(try browser.all("//nav/a").count == 3)
            #expect(browser.headers.first(name: "Content-Type") == "text/html; charset=utf-8")
        }
    }

    @Test(arguments: BrowserConnection.allCases)
    func clickingALinkByItsCollapsedTextFollowsIt(connection: BrowserConnection) async throws {
        try await withBrowser(connection) { browser, _ in
            try await browser.visit("/")
            try await browser.clickLink("Sign in")
            #expect(browser.path == "/sign-in")
            #expect(browser.title == "Sign in")
        }
    }

    @Test func clickingALinkByItsAriaLabelFollowsIt() async throws {
        try await withBrowser { browser, _ in
            try await browser.visit("/")
            try await browser.clickLink("Profile")
            #expect(browser.path == "/profile")
        }
    }

    @Test func linksWithTheSameTextAndHrefAreOneLink() async throws {
        try await withBrowser { browser, _ in
            try await browser.visit("/")
            try await browser.clickLink("About us")
            #expect(browser.path == "/about")
        }
    }

    @Test func clickingAMissingLinkThrowsNoSuchLink() async throws {
        try await withBrowser { browser, _ in
            try await browser.visit("/")
            await #expect(throws: TestBrowserError.noSuchLink("Nowhere")) { try await browser.clickLink("Nowhere") }
            await #expect(throws: TestBrowserError.noSuchLink("No href")) { try await browser.clickLink("No href") }
        }
    }

    @Test func linksWithTheSameTextToDifferentPlacesAreAmbiguous() async throws {
        try await withBrowser { browser, _ in
            try await browser.visit("/")
            await #expect(throws: TestBrowserError.ambiguousLink("Help", hrefs: ["/help/a", "/help/b"])) {
                try await browser.clickLink("Help")
            }
        }
    }

    @Test func relativeLinksResolveAgainstTheCurrentPathWithoutTheFragment() async throws {
        try await withBrowser { browser, log in
            try await browser.visit("/")
            try await browser.clickLink("Docs")
            #expect(browser.path == "/docs/intro")
            try await browser.clickLink("Next")
            #expect(browser.path == "/docs/intro?page=2")
            #expect(await log.requests.last?.queryString == "page=2")
            try await browser.clickLink("Index")
            #expect(browser.path == "/docs/")
            try await browser.visit("/docs/intro")
            try await browser.clickLink("Up")
            #expect(browser.path == "/about")
        }
    }

    @Test(arguments: BrowserConnection.allCases)
    func aRedirectChainIsFollowedAndRecordedInHistory(connection: BrowserConnection) async throws {
        try await withBrowser(connection) { browser, _ in
            try await browser.visit("/")
            try await browser.clickLink("Redirect chain")
            #expect(browser.path == "/about")
            #expect(browser.status == .ok)
            #expect(
                browser.history.map(\.description) == [
                    "GET / → 200", "GET /redirect/1 → 302", "GET /redirect/2 → 302", "GET /redirect/3 → 301",
                    "GET /about → 200",
                ]
            )
        }
    }

    @Test func aRedirectLoopStopsAfterTenRedirects() async throws {
        try await withBrowser { browser, log in
            await #expect(throws: TestBrowserError.tooManyRedirects(path: "/loop")) {
                try await browser.visit("/loop")
            }
            #expect(await log.count(to: "/loop") == 11)
        }
    }

    @Test func aPlainTextResponseHasNoPageToActOn() async throws {
        try await withBrowser { browser, _ in
            try await browser.visit("/plain")
            #expect(browser.bodyText == "just text")
            #expect(browser.page == nil)
            await #expect(throws: TestBrowserError.notHTML(contentType: "text/plain; charset=utf-8")) {
                try await browser.clickLink("Home")
            }
        }
    }

    @Test func actingBeforeAnyVisitThrowsNoPage() async throws {
        try await withBrowser { browser, _ in
            #expect(browser.status == nil)
            #expect(throws: TestBrowserError.noPage) { try browser.fillIn("Email", with: "a@b.c") }
        }
    }

    @MainActor @Test func aBrowserCanBeDrivenFromTheMainActor() async throws {
        let browser = TestBrowser(responder: FixtureApp(log: RequestLog()))
        try await browser.visit("/")
        try await browser.clickLink("About us")
        #expect(browser.title == "/about")
    }
}
