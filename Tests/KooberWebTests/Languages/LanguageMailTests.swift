import HTMLReading
import KooberKit
import KooberTestSupport
import MailDelivery
import TestBrowsing
import TestKit
import Testing

@testable import KooberWeb

/// A rider's mail speaks the rider's language: the account's, kept from the page they signed up on or chosen later
/// with the Language form; a rider who never chose gets English.
@Suite struct LanguageMailTests {
    let relay = ScriptedMailTransport()
    let app: KooberTestApp

    init() async throws {
        let relay = relay
        app = try await KooberTestApp { $0.mail.transport = relay }
    }

    /// Signs up through the form by hand (its labels are in the page's language), as a rider named Mai.
    private func signUp(_ browser: TestBrowser, email: String = "mai@example.com") async throws {
        try await browser.visit("/signup")
        let token = try #require(try browser.formToken())
        try await browser.post(
            "/signup",
            fields: [
                ("csrf_token", token), ("name", "Nguyễn Mai"), ("nickname", "Mai"), ("email", email),
                ("mobileNumber", "0412 345 678"), ("password", "hop-hop-hop"),
            ])
        #expect(browser.path == "/ride")
    }

    /// Sends what is queued and returns the one message sent now.
    private func sendTheOneMessage() async throws -> MailMessage {
        let before = relay.messages.count
        #expect(try await app.container.mailSender.runOnce() == 1)
        return try #require(relay.messages.dropFirst(before).first)
    }

    /// Follows the confirmation link in `message`'s text part.
    private func confirm(_ browser: TestBrowser, with message: MailMessage) async throws {
        try await browser.visit("/email/confirm?token=\(try MailSenderTests.token(in: message))")
        #expect(browser.status == .ok)
    }

    private func expectConfirmation(_ message: MailMessage, in words: Words) throws {
        #expect(message.subject == words("mail.subject.emailConfirmation"))
        #expect(message.html.contains("<html lang=\"\(words.language.tag)\""))
        #expect(message.text.contains(words("mail.greeting", ["nickname": "Mai"])))
        let document = try HTMLDocument(html: message.html)
        #expect(try document.text(at: "//title") == words("mail.confirmEmail.title"))
    }

    /// A rider who signs up on pages in `language` (by `Accept-Language`), confirms the email mailed in it, and
    /// finishes a ride: the confirmation (checked) and the receipt, which is returned.
    private func receiptOfARiderSignedUp(in language: Language) async throws -> (words: Words, receipt: MailMessage) {
        let words = try Words.project(language)
        let browser = app.browser()
        browser.additionalHeaders = ["Accept-Language": language.tag]
        try await signUp(browser)
        let confirmation = try await sendTheOneMessage()
        try expectConfirmation(confirmation, in: words)
        #expect(!confirmation.text.contains("Hi Mai,"))
        try await confirm(browser, with: confirmation)
        _ = try await finishRide(of: browser, words: words)
        let receipt = try await sendTheOneMessage()
        #expect(receipt.subject == words("mail.subject.receipt"))
        return (words, receipt)
    }

    @Test func aRiderWhoSignsUpInVietnameseGetsTheConfirmationAndTheReceiptInVietnamese() async throws {
        let (vietnamese, receipt) = try await receiptOfARiderSignedUp(in: .vietnamese)
        #expect(receipt.html.contains("<html lang=\"vi\""))
        #expect(receipt.text.contains(vietnamese("mail.receipt.greeting", ["nickname": "Mai"])))
    }

    @Test func aRiderWhoChoosesVietnameseWithTheFormGetsTheirNextMailInVietnamese() async throws {
        let vietnamese = try Words.project(.vietnamese)
        let browser = app.browser()
        try await signUp(browser)
        let english = try await sendTheOneMessage()
        #expect(english.subject == (try Words.project(.english))("mail.subject.emailConfirmation"))
        try await browser.press("Tiếng Việt")
        #expect(browser.path == "/ride")
        // Asking for the confirmation again mails it in the language chosen since.
        try await browser.visit("/profile")
        try await browser.press(vietnamese("profile.sendConfirmationButton"))
        let again = try await sendTheOneMessage()
        try expectConfirmation(again, in: vietnamese)
        try await confirm(browser, with: again)
        _ = try await finishRide(of: browser, words: vietnamese)
        let receipt = try await sendTheOneMessage()
        #expect(receipt.subject == vietnamese("mail.subject.receipt"))
    }

    @Test func aRiderWhoNeverChoseGetsEnglishMail() async throws {
        let english = try Words.project(.english)
        let browser = app.browser()
        try await signUp(browser)
        let confirmation = try await sendTheOneMessage()
        try expectConfirmation(confirmation, in: english)
        #expect(confirmation.subject == "Confirm your email for Koober")
        try await confirm(browser, with: confirmation)
        _ = try await finishRide(of: browser, words: english)
        let receipt = try await sendTheOneMessage()
        #expect(receipt.subject == "Your Koober receipt")
        #expect(receipt.html.contains("<html lang=\"en-AU\" dir=\"ltr\">"))
        try expectSides(of: receipt, start: "left", end: "right")
    }

    /// An Arabic rider's mail is mirrored: right to left, each detail's label aligned to the right with its gap on
    /// the left (mail readers do not all know CSS's logical properties, so the sides are written out).
    @Test func anArabicRidersReceiptIsMirrored() async throws {
        let (_, receipt) = try await receiptOfARiderSignedUp(in: .arabic)
        #expect(receipt.html.contains("<html lang=\"ar\" dir=\"rtl\">"))
        try expectSides(of: receipt, start: "right", end: "left")
    }

    /// Every detail's label in `message`'s table starts at `start` and keeps its gap at `end`.
    private func expectSides(of message: MailMessage, start: String, end: String) throws {
        let styles = try HTMLDocument(html: message.html).all("//th").compactMap { $0[attribute: "style"] }
        #expect(styles.count >= 6)
        for style in styles {
            #expect(style.contains("text-align:\(start);") && style.contains("padding-\(end):16px"), "\(style)")
        }
    }

    /// Requests a Wallaroo to the Opera House through pages in `words`' language, and finishes it by the clock.
    private func finishRide(of browser: TestBrowser, words: Words) async throws -> Ride {
        try await browser.visit("/ride")
        try await browser.clickLink(words("ride.whereTo"))
        try await browser.press("Opera House")
        try browser.choose("Wallaroo")
        try await browser.press(words("ride.confirmButton"))
        try await app.container.rideDispatcher.runOnce()
        let rides = app.container.services.rideRepository
        let ride = try #require(try await rides.followedRide(userID: UserID(2)))
        let timeline = try #require(ride.timeline())
        app.clock.advance(by: timeline.arrivesAtDropoff.timeIntervalSince(app.clock.now) + 0.01)
        try await app.container.rideDispatcher.runOnce()
        let finished = try #require(try await rides.ride(id: ride.id))
        #expect(finished.status == .finished)
        return finished
    }
}
