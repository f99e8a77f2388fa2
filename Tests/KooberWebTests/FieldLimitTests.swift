import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// SPEC.md: name, nickname and mobile number at most 100 characters, email 254 (bytes), password 1,024 bytes, search
/// 100 characters; longer is a field error on the page, with what was typed kept, and nothing is hashed or stored.
/// Issue 41: every limit in characters has one in bytes too (four a character, at most 4,000).
@Suite struct FieldLimitTests {
    private static let hundred = "Use at most 100 characters."
    private static let emailBytes = "Use at most 254 bytes (accented letters and emoji take more than one)."
    /// One character of 300,001 bytes: `a` and 150,000 combining acute accents.
    private static let accented = "a" + String(repeating: "\u{301}", count: 150_000)

    /// Signs up with `account`; then the account must not exist: signing in with it fails.
    private func expectSignUpRefused(
        _ account: TestBrowser.Account,
        label: String,
        problem: String
    ) async throws -> TestBrowser {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signUp(account)
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Sign Up Failed")
        #expect(try browser.fieldError(label) == problem)
        #expect(browser.cookie(named: "koober_session") == nil)
        let check = app.browser()
        try await check.signIn(email: account.email, password: account.password)
        #expect(check.path == "/signin")
        return browser
    }

    @Test func aMegabyteNameIsAFieldErrorAndNothingIsStored() async throws {
        let name = String(repeating: "x", count: 1_000_000)
        let browser = try await expectSignUpRefused(
            TestBrowser.Account(name: name),
            label: "Full Name",
            problem: Self.hundred
        )
        #expect(try browser.fieldValue("Full Name") == name)
        #expect(try browser.fieldValue("Email") == "skippy@example.com")
    }

    @Test(arguments: [
        (TestBrowser.Account(name: String(repeating: "é", count: 101)), "Full Name", hundred),
        (TestBrowser.Account(nickname: String(repeating: "🦘", count: 101)), "What should we call you?", hundred),
        (TestBrowser.Account(mobileNumber: String(repeating: "4", count: 101)), "Mobile Number", hundred),
        (
            TestBrowser.Account(email: String(repeating: "a", count: 243) + "@example.com"), "Email", emailBytes
        ),
        (
            TestBrowser.Account(name: accented), "Full Name",
            "Use at most 400 bytes (accented letters and emoji take more than one)."
        ),
        (
            TestBrowser.Account(email: "a\u{301}" + String(repeating: "a", count: 240) + "@example.com"), "Email",
            emailBytes
        ),
        (
            TestBrowser.Account(password: String(repeating: "é", count: 513)), "Password",
            "Use at most 1,024 bytes (accented letters and emoji take more than one)."
        ),
    ])
    func eachSignUpFieldHasItsCap(account: TestBrowser.Account, label: String, problem: String) async throws {
        _ = try await expectSignUpRefused(account, label: label, problem: problem)
    }

    @Test func valuesExactlyAtTheCapsAreAccepted() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signUp(
            TestBrowser.Account(
                name: String(repeating: "é", count: 100),
                nickname: String(repeating: "🦘", count: 100),
                email: String(repeating: "a", count: 242) + "@example.com",
                mobileNumber: String(repeating: "4", count: 100),
                password: String(repeating: "é", count: 512)
            )
        )
        #expect(browser.path == "/ride")
    }

    @Test func signInWithAnOverlongEmailOrPasswordIsAFieldErrorAndNotAFailure() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let email = String(repeating: "a", count: 300)
        for _ in 1...6 {
            try await browser.signIn(email: "johnny@gmail.com", password: String(repeating: "p", count: 1_025))
            #expect(browser.status == .unprocessableEntity)
            #expect(
                try browser.fieldError("Password")
                    == "Use at most 1,024 bytes (accented letters and emoji take more than one)."
            )
        }
        try await browser.signIn(email: email, password: "password")
        #expect(try browser.fieldError("Email") == Self.emailBytes)
        #expect(try browser.fieldValue("Email") == email)
        // Six over-long passwords were not six failures: the rider is not throttled.
        try await browser.signInAsJohnny()
        #expect(browser.path == "/ride")
    }

    @Test func aSevenThousandWordSearchIsAFieldErrorWithNoPlaces() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Where to?")
        let query = Array(repeating: "wallaby", count: 7_000).joined(separator: " ")
        try browser.fillIn("Search", with: query)
        try await browser.press("Search")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.fieldError("Search") == Self.hundred)
        #expect(try browser.fieldValue("Search") == query)
        #expect(try browser.all("//li[@class='place']").isEmpty)
        #expect(try browser.first("//*[@class='no-matches']") == nil)
    }

    /// Through the real server: a report of one character of 300 KB is a field error, and nothing is stored.
    @Test func anAccentedReportIsRefusedByItsBytesOverTheRealServer() async throws {
        let app = try await KooberTestApp(fleetSize: 1, rideClockRate: 60)
        try await app.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.signInAsJohnny()
            let ride = try await app.finishRide(requestedBy: browser)
            try await browser.visit("/rides/\(ride.id.rawValue)")
            try await browser.clickLink("Report a Problem")
            try browser.choose("Fare")
            try browser.fillIn("What happened", with: Self.accented)
            try await browser.press("Send Report")
            #expect(browser.status == .unprocessableEntity)
            #expect(
                try browser.fieldError("What happened")
                    == "Use at most 4,000 bytes (accented letters and emoji take more than one).")
            let stored = try await app.container.services.rideFeedbackRepository.feedback(rideID: ride.id)
            #expect(stored.report == nil)
        }
    }
}
