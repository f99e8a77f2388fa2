import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing
import Timekeeping

/// Koober Ops' Sign In (SPEC.md, "Koober Ops", **Sign in**): password and a one-time authenticator code, one answer for
/// every failure, throttled as riders' sign-in is; a session of its own that ends idle, in all, and at Sign Out.
@Suite struct OpsSignInTests {
    @Test func aMemberSignsInWithPasswordAndCodeAndLandsOnTheDashboard() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.support)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        #expect(browser.path == "/ops")
        #expect(try browser.text(at: "//h1") == "Dashboard")
        let cookie = try #require(browser.cookie(named: "koober_ops"))
        #expect(cookie.value.count == 43)
        #expect(browser.cookie(named: "koober_session") == nil)
    }

    @Test func theCookieIsHttpOnlyStrictAndForOpsAlone() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.fleet)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        let cookie = try #require(browser.cookie(named: "koober_ops"))
        #expect(cookie.path == "/ops")
        #expect(cookie.httpOnly)
        #expect(cookie.sameSite == "Strict")
        #expect(!cookie.secure)
        #expect(cookie.expires != nil)  // Max-Age: it outlives no session
    }

    @Test func secureCookiesMakeTheOpsCookieSecure() async throws {
        let app = try await KooberTestApp { $0.secureCookies = true }
        let staff = try await app.enrolledStaff(.fleet)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        #expect(browser.path == "/ops")
        #expect(try #require(browser.cookie(named: "koober_ops")).secure)
    }

    @Test(arguments: ["password", "code", "email", "everything"])
    func everyWrongPartGetsTheSameAnswer(wrong part: String) async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.admin)
        let code = staff.code(at: app.clock.now)
        let browser = app.browser()
        try await browser.signInToOps(
            email: part == "email" || part == "everything" ? "nobody@koober.test" : staff.email,
            password: part == "password" || part == "everything" ? "not-the-password" : staff.password,
            code: part == "code" || part == "everything" ? (code == "000000" ? "111111" : "000000") : code)
        #expect(browser.path == "/ops/signin")
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Sign In Failed")
        #expect(try browser.fieldValue("Password") == "")
        #expect(try browser.fieldValue("Authenticator code") == "")
        #expect(browser.cookie(named: "koober_ops") == nil)
    }

    @Test func aCodeWorksOnceEvenFromAnotherBrowser() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.support)
        let code = staff.code(at: app.clock.now)
        let first = app.browser()
        try await first.signInToOps(email: staff.email, password: staff.password, code: code)
        #expect(first.path == "/ops")
        let second = app.browser()
        try await second.signInToOps(email: staff.email, password: staff.password, code: code)
        #expect(second.status == .unprocessableEntity)
        #expect(try second.errorPanel()?.title == "Sign In Failed")
        // The next step's code is taken.
        app.clock.advance(by: 30)
        try await second.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        #expect(second.path == "/ops")
    }

    @Test func aCodeOneStepEitherSideOfNowIsAcceptedAndTwoStepsIsNot() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.support)
        app.clock.advance(by: 300)
        let browser = app.browser()
        try await browser.signInToOps(
            email: staff.email, password: staff.password, code: staff.code(at: app.clock.now - .seconds(60)))
        #expect(browser.status == .unprocessableEntity)
        try await browser.signInToOps(
            email: staff.email, password: staff.password, code: staff.code(at: app.clock.now + .seconds(30)))
        #expect(browser.path == "/ops")
    }

    @Test func guessingCodesWithTheRightPasswordIsThrottled() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.admin)
        let right = staff.code(at: app.clock.now)
        let browser = app.browser()
        for guess in ["000001", "000002", "000003", "000004", "000005"] where guess != right {
            try await browser.signInToOps(email: staff.email, password: staff.password, code: guess)
        }
        try await browser.signInToOps(email: staff.email, password: staff.password, code: right)
        #expect(browser.status == .tooManyRequests)
        #expect(try browser.errorPanel()?.title == "Too Many Tries")
        #expect(browser.cookie(named: "koober_ops") == nil)
    }

    @Test func theSessionEndsAfterThirtyMinutesIdleAndTwelveHoursInAll() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.admin)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        app.clock.advance(by: 29 * 60)
        try await browser.visit("/ops/staff")
        #expect(browser.path == "/ops/staff")
        app.clock.advance(by: 30 * 60)
        try await browser.visit("/ops/staff")
        #expect(browser.path == "/ops/signin")
        #expect(browser.cookie(named: "koober_ops") == nil)

        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        for _ in 0..<24 {  // busy all day: a visit every 29 minutes
            app.clock.advance(by: 29 * 60)
            try await browser.visit("/ops")
            #expect(browser.path == "/ops")
        }
        app.clock.advance(by: 29 * 60)  // 12 h 47 min after signing in
        try await browser.visit("/ops")
        #expect(browser.path == "/ops/signin")
    }

    @Test func signOutEndsTheSessionEvenForACopiedCookie() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.fleet)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        let stolen = try #require(browser.cookie(named: "koober_ops")?.value)
        try await browser.press("Sign Out")
        #expect(browser.path == "/ops/signin")
        #expect(browser.cookie(named: "koober_ops") == nil)
        let thief = app.browser()
        thief.setCookie("koober_ops", stolen)
        try await thief.visit("/ops")
        #expect(thief.path == "/ops/signin")
    }

    @Test func removingAMemberEndsTheirSessionAtOnce() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.admin)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        try await RemoveStaffMemberUseCase(email: staff.email, repository: app.container.services.staffRepository).run()
        try await browser.visit("/ops")
        #expect(browser.path == "/ops/signin")
    }

    @Test func aRidersSessionNeverOpensOpsNorAStaffSessionRidersPages() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        let riderSession = try #require(rider.cookie(named: "koober_session")?.value)
        try await rider.visit("/ops")
        #expect(rider.path == "/ops/signin")
        // The rider's session id in Koober Ops' cookie is no session there either.
        let forger = app.browser()
        forger.setCookie("koober_ops", riderSession)
        try await forger.visit("/ops")
        #expect(forger.path == "/ops/signin")

        let staff = try await app.enrolledStaff(.admin)
        let member = app.browser()
        try await member.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        let staffSession = try #require(member.cookie(named: "koober_ops")?.value)
        let other = app.browser()
        other.setCookie("koober_session", staffSession)
        try await other.visit("/ride")
        #expect(other.path == "/welcome")
    }

    @Test func aSignedInMemberGoesFromSignInToTheDashboard() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.support)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        try await browser.visit("/ops/signin")
        #expect(browser.path == "/ops")
    }
}
