import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// Forgot Password and the reset link through the test browser (SPEC.md, "Email"; issue 31): one answer whatever the
/// email, the link's page and what it does to the account's other sessions and tokens, and every way a link stops
/// working.
@Suite struct PasswordResetTests {
    private let checkYourEmail = "If an account uses that email, we've sent it a link to reset the password."

    /// Forgot Password from Sign In's link (or, signed in, from its address), for `email`: the answer's heading,
    /// status and message.
    private func askForReset(
        _ browser: TestBrowser, email: String, viaSignIn: Bool = true
    ) async throws -> (String?, Int, String?) {
        if viaSignIn {
            try await browser.visit("/signin")
            try await browser.clickLink("Forgot Password?")
        } else {
            try await browser.visit("/password/forgot")
        }
        try browser.fillIn("Email", with: email)
        try await browser.press("Send Reset Link")
        return (try browser.text(at: "//h1"), Int(browser.status?.code ?? 0), try browser.text(at: "//main//p"))
    }

    /// A reset link for Johnny, from the outbox.
    private func resetLink(_ app: KooberTestApp, _ browser: TestBrowser) async throws -> String {
        _ = try await askForReset(browser, email: "johnny@gmail.com")
        return "/password/reset?token=" + (try #require(try await app.mailedToken(.passwordReset)))
    }

    private func reset(_ browser: TestBrowser, link: String, to password: String) async throws {
        try await browser.visit(link)
        try browser.fillIn("New Password", with: password)
        try await browser.press("Reset Password")
    }

    private func isLinkExpired(_ browser: TestBrowser) throws -> Bool {
        try browser.text(at: "//h1") == "Link Expired" && browser.status == .gone
            && browser.text(at: "//main//p") == "This link has expired or has already been used."
    }

    @Test func aResetLinkSetsThePasswordEndsEverySessionAndTokenAndSignsThisBrowserIn() async throws {
        let app = try await KooberTestApp()
        let laptop = app.browser()
        try await laptop.signInAsJohnny()
        let phoneApp = app.cloudClient()
        try await phoneApp.logIn(email: "johnny@gmail.com", password: "password")

        let browser = app.browser()
        let answer = try await askForReset(browser, email: "johnny@gmail.com")
        #expect(answer.0 == "Check Your Email" && answer.1 == 200 && answer.2 == checkYourEmail)
        let mail = try await app.mailed()
        #expect(mail.map(\.kind) == [.passwordReset] && mail.map(\.to) == ["johnny@gmail.com"])
        let token = try #require(mail.first?.token)

        try await browser.visit("/password/reset?token=\(token)")
        #expect(browser.status == .ok)
        #expect(try browser.text(at: "//h1") == "Reset Password")
        #expect(browser.headers.first(name: "referrer-policy") == "no-referrer")
        #expect(browser.headers.first(name: "cache-control") == "no-store")
        // The token travels in the form, never in its action.
        #expect(try browser.first("//form")?[attribute: "action"] == "/password/reset")
        #expect(try browser.first("//input[@type='hidden'][@name='token']")?[attribute: "value"] == token)
        #expect(try browser.control(labelled: "New Password")[attribute: "autocomplete"] == "new-password")

        try browser.fillIn("New Password", with: "kangaroo-jack")
        try await browser.press("Reset Password")
        #expect(browser.path == "/ride")
        #expect(browser.history.contains { $0.method == .POST && $0.status.code == 303 })
        #expect(browser.cookie(named: "koober_session") != nil)

        // Every other session and token of the account has ended.
        try await laptop.visit("/profile")
        #expect(laptop.path == "/welcome")
        try await phoneApp.send(.GET, "/api/v1/me")
        #expect(phoneApp.status == .unauthorized)
        // The new password signs in, the old one no longer does.
        let other = app.browser()
        try await other.signIn(email: "johnny@gmail.com", password: "password")
        #expect(try other.errorPanel()?.title == "Sign In Failed")
        try await other.signIn(email: "johnny@gmail.com", password: "kangaroo-jack")
        #expect(other.path == "/ride")
    }

    @Test func theLinksPagesSendNoReferrerWhateverTheyAnswer() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        for path in ["/password/reset?token=nonsense", "/email/confirm?token=nonsense", "/password/reset?token=%ff"] {
            try await browser.visit(path)
            #expect(browser.headers.first(name: "referrer-policy") == "no-referrer", "\(path)")
            #expect(browser.headers.first(name: "cache-control") == "no-store", "\(path)")
        }
        try await browser.post("/password/reset", fields: [("token", "nonsense"), ("newPassword", "long enough")])
        #expect(browser.status == .forbidden)
        #expect(browser.headers.first(name: "referrer-policy") == "no-referrer")
        try await browser.visit("/password/forgot")
        #expect(browser.headers.first(name: "referrer-policy") == "same-origin")
    }

    @Test func anUnknownEmailGetsTheSameAnswerAndNothingIsQueued() async throws {
        let app = try await KooberTestApp()
        let known = try await askForReset(app.browser(), email: "johnny@gmail.com")
        let unknown = try await askForReset(app.browser(), email: "nobody@example.com")
        #expect(known == unknown)
        #expect(try await app.mailed().map(\.to) == ["johnny@gmail.com"])
    }

    @Test(arguments: [
        ("", "Please enter your email."),
        ("not an email", "Please enter an email address like name@example.com."),
        (
            String(repeating: "a", count: 250) + "@b.co",
            "Use at most 254 bytes (accented letters and emoji take more than one)."
        ),
    ])
    func aMissingOrMalformedEmailIsAFieldError(email: String, problem: String) async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        _ = try await askForReset(browser, email: email)
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.text(at: "//h1") == "Forgot Password")
        #expect(try browser.fieldError("Email") == problem)
        #expect(try browser.fieldValue("Email") == email)
        #expect(try browser.control(labelled: "Email")[attribute: "autocomplete"] == "email")
        #expect(try await app.mailed().isEmpty)
    }

    @Test func aSignedInRiderMayAskToo() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        let answer = try await askForReset(browser, email: "johnny@gmail.com", viaSignIn: false)
        #expect(answer.0 == "Check Your Email")
        #expect(try await app.mailedToken(.passwordReset) != nil)
    }

    @Test func threeRequestsAnHourPerEmailThenSilentlyNothingUntilTheHourHasPassed() async throws {
        let app = try await KooberTestApp()
        var answers: [String?] = []
        for attempt in 1...4 {
            // From a different address each time: only the email's limit counts here.
            let browser = app.browser()
            browser.peerAddress = "192.0.2.\(attempt)"
            answers.append(try await askForReset(browser, email: "johnny@gmail.com").2)
        }
        #expect(answers == Array(repeating: checkYourEmail, count: 4))
        #expect(try await app.mailed().count == 3)

        app.clock.advance(by: 60 * 60 + 1)
        _ = try await askForReset(app.browser(), email: "johnny@gmail.com")
        #expect(try await app.mailed().count == 1)
    }

    @Test func tenRequestsAnHourPerAddressThenSilentlyNothing() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        browser.peerAddress = "198.51.100.7"
        for rider in 1...10 {
            _ = try await askForReset(browser, email: "rider\(rider)@example.com")
        }
        let eleventh = try await askForReset(browser, email: "johnny@gmail.com")
        #expect(eleventh.0 == "Check Your Email" && eleventh.1 == 200)
        #expect(try await app.mailed().isEmpty)
        // Another address is not held back by this one.
        let elsewhere = app.browser()
        elsewhere.peerAddress = "198.51.100.8"
        _ = try await askForReset(elsewhere, email: "johnny@gmail.com")
        #expect(try await app.mailed().count == 1)

        app.clock.advance(by: 60 * 60 + 1)
        _ = try await askForReset(browser, email: "johnny@gmail.com")
        #expect(try await app.mailed().count == 1)
    }

    @Test func aUsedLinkIsExpired() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let link = try await resetLink(app, browser)
        // A second tab opened the link before the first used it.
        let secondTab = app.browser()
        try await secondTab.visit(link)
        try await reset(browser, link: link, to: "kangaroo-jack")
        #expect(browser.path == "/ride")

        try await browser.visit(link)
        #expect(try isLinkExpired(browser))
        try await browser.clickLink("Send a New Link")
        #expect(browser.path == "/password/forgot")
        try secondTab.fillIn("New Password", with: "wallaby-jill")
        try await secondTab.press("Reset Password")
        #expect(try isLinkExpired(secondTab))
        #expect(secondTab.cookie(named: "koober_session") == nil)
    }

    @Test func aLinkExpiresAfterThirtyMinutes() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let link = try await resetLink(app, browser)
        app.clock.advance(by: 29 * 60)
        try await browser.visit(link)
        #expect(try browser.text(at: "//h1") == "Reset Password")
        app.clock.advance(by: 60 + 1)
        try browser.fillIn("New Password", with: "kangaroo-jack")
        try await browser.press("Reset Password")
        #expect(try isLinkExpired(browser))
        try await browser.visit(link)
        #expect(try isLinkExpired(browser))
    }

    @Test func aNewerLinkSupersedesTheOlder() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let older = try await resetLink(app, browser)
        let newer = try await resetLink(app, browser)
        try await browser.visit(older)
        #expect(try isLinkExpired(browser))
        try await reset(browser, link: newer, to: "kangaroo-jack")
        #expect(browser.path == "/ride")
    }

    @Test func aPasswordChangeSupersedesTheLinks() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let link = try await resetLink(app, browser)
        try await browser.signInAsJohnny()
        try await browser.visit("/profile/password")
        try browser.fillIn("Current Password", with: "password")
        try browser.fillIn("New Password", with: "kangaroo-jack")
        try await browser.press("Change Password")
        #expect(browser.path == "/profile")
        try await browser.visit(link)
        #expect(try isLinkExpired(browser))
    }

    @Test(arguments: [
        "", "garbage", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", String(repeating: "A", count: 10_000),
        "%00%01", "..%2F..%2F", "%E2%80%AE",
    ])
    func aForgedOrMalformedTokenIsExpiredNeverAnError(token: String) async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/password/reset?token=\(token)")
        #expect(try isLinkExpired(browser))
        try await browser.visit("/password/forgot")  // a form token for the post
        try await browser.post(
            "/password/reset",
            fields: [
                ("csrf_token", try #require(try browser.formToken())), ("token", token), ("newPassword", "long enough"),
            ])
        #expect(try isLinkExpired(browser))
        try await browser.visit("/email/confirm?token=\(token)")
        #expect(try browser.text(at: "//h1") == "Link Expired")
        #expect(browser.status == .gone)
    }

    @Test func anInvalidNewPasswordIsAFieldErrorAndTheLinkStillWorks() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let link = try await resetLink(app, browser)
        try await reset(browser, link: link, to: "short")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Reset Password Failed")
        #expect(try browser.fieldError("New Password") == "Passwords need at least 8 characters.")
        #expect(try browser.fieldValue("New Password") == "")
        #expect(browser.headers.first(name: "referrer-policy") == "no-referrer")
        try browser.fillIn("New Password", with: "kangaroo-jack")
        try await browser.press("Reset Password")
        #expect(browser.path == "/ride")
    }

    @Test(arguments: ["/password/forgot", "/password/reset"])
    func theLinksFormsRefuseAPostWithoutItsToken(path: String) async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let link = try await resetLink(app, app.browser())
        let token = String(link.split(separator: "=").last ?? "")
        try await browser.visit("/signin")
        try await browser.post(
            path, fields: [("email", "johnny@gmail.com"), ("token", token), ("newPassword", "kangaroo-jack")])
        #expect(browser.status == .forbidden)
        #expect(try await app.mailed().isEmpty)
        try await browser.signInAsJohnny()
        #expect(browser.path == "/ride")  // the password did not change
    }
}
