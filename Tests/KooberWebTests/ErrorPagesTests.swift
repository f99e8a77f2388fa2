import HTMLReading
import KooberTestSupport
import TestBrowsing
import Testing

@Suite struct ErrorPagesTests {
    @Test func anUnknownAddressIsAKooberNotFoundPage() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/kangaroos/secret")
        #expect(browser.status == .notFound)
        #expect(try browser.errorPanel()?.title == "Page Not Found")
        #expect(try browser.first("//link[@rel='stylesheet']") != nil)
        try await browser.clickLink("Back to Koober")
        #expect(browser.path == "/welcome")
    }

    @Test func aMethodThePathDoesNotTakeIsRefusedSayingWhichItDoes() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.postRaw("/welcome", body: "")
        #expect(browser.status == .methodNotAllowed)
        #expect(browser.headers.first(name: "allow") == "GET, HEAD")
        #expect(try browser.errorPanel()?.title == "Not Allowed")
        try await browser.visit("/signout")
        #expect(browser.status == .methodNotAllowed)
        #expect(browser.headers.first(name: "allow") == "POST")
    }

    @Test func anUnexpectedFailureShowsUnknownIssueAndNoInternals() async throws {
        let browser = try await KooberTestApp { $0.sessionRepository = BrokenSessionRepository() }.browser()
        browser.setCookie("koober_session", "any-session-id")
        try await browser.visit("/welcome")
        #expect(browser.status == .internalServerError)
        #expect(try browser.errorPanel()?.title == "Unknown Issue")
        #expect(
            try browser.errorPanel()?.message
                == "Koober ran into an unexpected issue, please try again or contact us."
        )
        #expect(!browser.bodyText.contains("secret-internals"))
        #expect(!browser.bodyText.contains("BrokenSessionRepository"))
    }

    @Test func errorPagesAreAnnouncedToScreenReaders() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.visit("/nowhere")
        #expect(try browser.all("//*[@role='alert']").count == 1)
        #expect(browser.title == "Page Not Found · Koober")
    }
}

/// The pages `HTTPServer` sends for requests it refuses before Koober sees them (HTTPServerTests checks that the
/// server sends whatever `errorResponse` gives; here, that Koober gives its own pages).
@Suite struct RefusedRequestPagesTests {
    @Test(arguments: [
        (400, "Bad Request"),
        (413, "Form Too Large"),
        (431, "Request Too Large"),
    ])
    func refusalsAreKooberPagesWithTheSecurityHeaders(code: Int, title: String) async throws {
        let app = try await KooberTestApp()
        let configuration = app.container.makeServerConfiguration(host: "127.0.0.1", port: 0)
        let response = configuration.errorResponse(.init(statusCode: code))
        #expect(response.status.code == code)
        let page = try HTMLDocument(html: response.bodyText)
        #expect(try page.text(at: "//*[@role='alert']//h2") == title)
        #expect(page.title == "\(title) · Koober")
        #expect(response.headers.first(name: "content-security-policy")?.contains("frame-ancestors 'none'") == true)
    }

    @Test func aRealOversizedFormGetsTheKooberPageOverTCP() async throws {
        let app = try await KooberTestApp()
        try await app.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.visit("/signup")
            try await browser.postRaw("/signup", body: "name=" + String(repeating: "k", count: 1 << 20))
            #expect(browser.status == .payloadTooLarge)
            #expect(try browser.errorPanel()?.title == "Form Too Large")
        }
    }
}
