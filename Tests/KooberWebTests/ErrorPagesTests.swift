import KooberTestSupport
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
