import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// Confirming an email through the test browser (SPEC.md, "Email" and "Profile"; issue 31): the link sent at sign-up,
/// **Email not confirmed** on My Profile until it is used, and **Send Confirmation Email**, at most 3 an hour.
@Suite struct EmailConfirmationTests {
    private let unconfirmed = "//dd[contains(@class, 'email-unconfirmed')]"

    @Test func theLinkSentAtSignUpConfirmsTheEmail() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signUp(.init())
        let mail = try await app.mailed()
        #expect(mail.map(\.kind) == [.emailConfirmation] && mail.map(\.to) == ["skippy@example.com"])
        let link = "/email/confirm?token=" + (try #require(mail.first?.token))

        try await browser.visit("/profile")
        #expect(try browser.text(at: unconfirmed)?.hasPrefix("Email not confirmed") == true)
        #expect(try browser.first("//button[normalize-space()='Send Confirmation Email']") != nil)

        try await browser.visit(link)
        #expect(browser.status == .ok)
        #expect(try browser.text(at: "//h1") == "Email Confirmed")
        #expect(try browser.text(at: "//main//p") == "Thank you, your email is confirmed.")
        #expect(browser.headers.first(name: "referrer-policy") == "no-referrer")
        try await browser.clickLink("Continue")
        #expect(browser.path == "/ride")
        try await browser.visit("/profile")
        #expect(try browser.first(unconfirmed) == nil)
        #expect(try browser.first("//button[normalize-space()='Send Confirmation Email']") == nil)

        // Used once: again, it is expired, with the way on to My Profile.
        try await browser.visit(link)
        #expect(try browser.text(at: "//h1") == "Link Expired")
        #expect(browser.status == .gone)
        try await browser.clickLink("My Profile")
        #expect(browser.path == "/profile")
    }

    @Test func theLinkNeedsNoSessionAndLeadsOnToSignIn() async throws {
        let app = try await KooberTestApp()
        try await app.browser().signUp(.init())
        let token = try #require(try await app.mailedToken(.emailConfirmation))
        let anotherDevice = app.browser()
        try await anotherDevice.visit("/email/confirm?token=\(token)")
        #expect(try anotherDevice.text(at: "//h1") == "Email Confirmed")
        try await anotherDevice.clickLink("Sign In")
        #expect(anotherDevice.path == "/signin")
        try await anotherDevice.visit("/email/confirm?token=\(token)")
        #expect(try anotherDevice.text(at: "//h1") == "Link Expired")
        #expect(try anotherDevice.first("//a[normalize-space()='Sign In']") != nil)
    }

    @Test func sendConfirmationEmailQueuesANewLinkThreeTimesAnHourAndTheNewestSupersedes() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signUp(.init())
        let signUpLink = try #require(try await app.mailedToken(.emailConfirmation))
        var tokens: [String] = []
        for _ in 1...3 {
            try await browser.visit("/profile")
            try await browser.press("Send Confirmation Email")
            #expect(browser.status == .ok)
            #expect(try browser.text(at: "//*[@role='status']//h2") == "Confirmation Email Sent")
            #expect(try browser.text(at: "//*[@role='status']//p") == "We've sent a link to skippy@example.com.")
            tokens.append(try #require(try await app.mailedToken(.emailConfirmation)))
        }
        try await browser.visit("/profile")
        try await browser.press("Send Confirmation Email")
        #expect(browser.status == .tooManyRequests)
        #expect(try browser.errorPanel()?.title == "Too Many Emails")
        #expect(try browser.errorPanel()?.message == "You've asked for several emails lately. Please try again later.")
        #expect(try browser.text(at: "//h1") == "My Profile")
        #expect(try await app.mailed().isEmpty)

        // Only the newest link works.
        for older in [signUpLink] + tokens.dropLast() {
            try await browser.visit("/email/confirm?token=\(older)")
            #expect(try browser.text(at: "//h1") == "Link Expired")
        }
        try await browser.visit("/email/confirm?token=\(try #require(tokens.last))")
        #expect(try browser.text(at: "//h1") == "Email Confirmed")

        // Confirmed: a stale form sends nothing, and is just My Profile.
        app.clock.advance(by: 60 * 60 + 1)
        try await browser.visit("/profile")
        let formToken = try #require(try browser.formToken())
        try await browser.post("/profile/email/confirmation", fields: [("csrf_token", formToken)])
        #expect(browser.path == "/profile")
        #expect(try browser.first("//*[@role='status']") == nil)
        #expect(try await app.mailed().isEmpty)
    }

    @Test func anHourLaterTheRiderMayAskAgain() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        for _ in 1...4 {
            try await browser.visit("/profile")
            try await browser.press("Send Confirmation Email")
        }
        #expect(browser.status == .tooManyRequests)
        #expect(try await app.mailed().count == 3)
        app.clock.advance(by: 60 * 60 + 1)
        try await browser.visit("/profile")
        try await browser.press("Send Confirmation Email")
        #expect(browser.status == .ok)
        #expect(try await app.mailed().map(\.to) == ["johnny@gmail.com"])
    }

    @Test func sendConfirmationEmailRefusesAPostWithoutItsToken() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.post("/profile/email/confirmation", fields: [])
        #expect(browser.status == .forbidden)
        #expect(try await app.mailed().isEmpty)
    }

    @Test func signedOutSendConfirmationEmailGoesToWelcome() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signin")
        try await browser.post(
            "/profile/email/confirmation", fields: [("csrf_token", try #require(try browser.formToken()))])
        #expect(browser.path == "/welcome")
        #expect(try await app.mailed().isEmpty)
    }
}
