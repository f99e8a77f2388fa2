import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// The enrolment link's page (SPEC.md, "Koober Ops"): a password of 12 or more and an authenticator app shown its
/// secret as a QR code and as base32 text, confirmed by one code; once, within 24 hours.
@Suite struct OpsEnrolmentTests {
    /// A member added as `koober staff add` adds one, and their link's path.
    static func added(_ app: KooberTestApp, role: StaffRole = .support) async throws -> (email: String, link: String) {
        let (member, token) = try await AddStaffMemberUseCase(
            email: "new-\(role.rawValue)@koober.test", name: "Nora Newcomer", role: role, now: app.clock.now,
            repository: app.container.services.staffRepository
        ).run()
        return (member.email, "/ops/enrol?token=\(token.value)")
    }

    /// The secret the page shows, as its hidden field carries it.
    static func secret(on browser: TestBrowser) throws -> TOTPSecret {
        let text = try #require(try browser.first("//input[@name='secret']")?[attribute: "value"])
        return try #require(TOTPSecret(base32: text))
    }

    /// Fills in the page's form as a person does, with the code of the secret shown at `date` unless `code` is given.
    static func enrol(
        _ browser: TestBrowser, password: String = "twelve-chars-at-least", code: String? = nil, at date: Date
    ) async throws {
        let secret = try Self.secret(on: browser)
        try browser.fillIn("Password", with: password)
        try browser.fillIn("Authenticator code", with: code ?? TOTP.code(at: date, secret: secret) ?? "")
        try await browser.press("Enrol")
    }

    @Test func theLinkShowsTheSecretAsAQRCodeAndAsTextAndEnrolsWithOneCode() async throws {
        let app = try await KooberTestApp()
        let (email, link) = try await Self.added(app)
        let browser = app.browser()
        try await browser.visit(link)
        #expect(browser.status == .ok)
        #expect(try browser.text(at: "//h1") == "Enrol")
        #expect(browser.headers["referrer-policy"].first == "no-referrer")
        let secret = try Self.secret(on: browser)
        let shown = try #require(try browser.text(at: "//*[contains(@class, 'ops-secret')]"))
        #expect(shown.replacingOccurrences(of: " ", with: "") == secret.base32)
        let qr = try #require(try browser.first("//*[contains(@class, 'ops-qr')]/*[local-name()='svg']"))
        #expect(qr[attribute: "role"] == "img")
        #expect(try browser.first("//*[local-name()='path'][starts-with(@d, 'M')]") != nil)

        try await Self.enrol(browser, at: app.clock.now)
        #expect(try browser.text(at: "//h1") == "You Are Enrolled")

        // Signing in takes the next code: the one that confirmed enrolment is used.
        app.clock.advance(by: 30)
        try await browser.signInToOps(
            email: email, password: "twelve-chars-at-least", code: TOTP.code(at: app.clock.now, secret: secret) ?? "")
        #expect(browser.path == "/ops")
    }

    @Test func aWrongCodeShowsTheSameSecretAgainAndStoresNothing() async throws {
        let app = try await KooberTestApp()
        let (email, link) = try await Self.added(app)
        let browser = app.browser()
        try await browser.visit(link)
        let secret = try Self.secret(on: browser)
        let right = TOTP.code(at: app.clock.now, secret: secret) ?? ""
        try await Self.enrol(browser, code: right == "123456" ? "654321" : "123456", at: app.clock.now)
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Code Not Accepted")
        #expect(try Self.secret(on: browser) == secret)
        let credentials = try await app.container.services.staffRepository.credentials(forEmail: email)
        #expect(credentials == nil)
    }

    @Test func aShortPasswordIsRefusedBesideItsField() async throws {
        let app = try await KooberTestApp()
        let (_, link) = try await Self.added(app)
        let browser = app.browser()
        try await browser.visit(link)
        try await Self.enrol(browser, password: "eleven-char", at: app.clock.now)
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.fieldError("Password") == "Passwords need at least 12 characters.")
    }

    @Test func aLinkWorksOnceAndNotAfterADay() async throws {
        let app = try await KooberTestApp()
        let (_, link) = try await Self.added(app)
        let browser = app.browser()
        try await browser.visit(link)
        try await Self.enrol(browser, at: app.clock.now)
        try await browser.visit(link)
        #expect(browser.status == .notFound)
        #expect(try browser.errorPanel()?.title == "Link No Longer Valid")

        let (_, later) = try await Self.added(app, role: .fleet)
        app.clock.advance(by: 24 * 60 * 60)
        try await browser.visit(later)
        #expect(browser.status == .notFound)
        try await browser.visit("/ops/enrol?token=not-a-token")
        #expect(browser.status == .notFound)
        try await browser.visit("/ops/enrol")
        #expect(browser.status == .notFound)
    }

    @Test func aForgedSecretGetsAFreshPageAndEnrolsNothing() async throws {
        let app = try await KooberTestApp()
        let (email, link) = try await Self.added(app)
        let browser = app.browser()
        try await browser.visit(link)
        let token = try #require(try browser.formToken())
        let linkToken = String(link.dropFirst("/ops/enrol?token=".count))
        try await browser.post(
            "/ops/enrol",
            fields: [
                ("csrf_token", token), ("token", linkToken), ("secret", "not base32 at all!"),
                ("password", "twelve-chars-at-least"), ("code", "123456"),
            ])
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.text(at: "//h1") == "Enrol")
        #expect(try await app.container.services.staffRepository.credentials(forEmail: email) == nil)
    }
}
