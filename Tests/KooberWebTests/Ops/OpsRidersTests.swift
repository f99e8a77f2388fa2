import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// Riders in Koober Ops (SPEC.md, **Riders**, **Audit Log**): found by exact email or ride id, looked at (each look on
/// the record), locked with a reason (every session ends, sign-in refused until unlocked) and unlocked; and the audit
/// log that records it, filtered by member and by target.
@Suite struct OpsRidersTests {
    /// A signed-in member of `role` and their browser.
    static func member(_ app: KooberTestApp, _ role: StaffRole) async throws -> (TestStaffMember, TestBrowser) {
        let staff = try await app.enrolledStaff(role)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        #expect(browser.path == "/ops")
        return (staff, browser)
    }

    static func find(_ browser: TestBrowser, _ query: String) async throws {
        try await browser.visit("/ops/riders")
        try browser.fillIn("Email or ride id", with: query)
        try await browser.press("Find")
    }

    @Test func aRiderIsFoundByExactEmailOrRideIDAndShownWithoutSecrets() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        try await rider.requestRide(to: "Opera House", option: "Wallaroo")
        let (_, support) = try await Self.member(app, .support)

        try await Self.find(support, " JOHNNY@gmail.com ")
        #expect(support.path.hasPrefix("/ops/riders/"))
        let riderPath = support.path
        #expect(try support.text(at: "//h1") == "Johnny Appleseed")
        #expect(support.bodyText.contains("johnny@gmail.com"))
        #expect(!support.bodyText.contains("$argon2"))
        let rideID = try #require(
            try support.texts(at: "//section[@aria-labelledby='ops-rider-rides']//tbody/tr/td[1]").first)
        try await Self.find(support, rideID)
        #expect(support.path == riderPath)

        try await Self.find(support, "nobody@example.com")
        #expect(support.status == .ok)
        #expect(try support.errorPanel()?.title == "No Such Rider")
        try await support.visit("/ops/riders/99999")
        #expect(support.status == .notFound)
    }

    @Test func lockingEndsTheRidersSessionsAndRefusesSignInUntilUnlocked() async throws {
        let app = try await KooberTestApp()
        let rider = app.browser()
        try await rider.signInAsJohnny()
        let (_, admin) = try await Self.member(app, .admin)
        try await Self.find(admin, "johnny@gmail.com")

        try await admin.press("Lock Account")
        #expect(admin.status == .unprocessableEntity)
        #expect(try admin.fieldError("Reason") == "Please say why.")
        try await rider.visit("/ride")
        #expect(rider.path == "/ride", "a refused lock changes nothing")

        try admin.fillIn("Reason", with: "Abusive messages to drivers")
        try await admin.press("Lock Account")
        #expect(try admin.text(at: "//*[contains(@class, 'ops-locked')]")?.contains("Abusive messages") == true)
        try await rider.visit("/ride")
        #expect(rider.path == "/welcome")
        try await rider.signInAsJohnny()
        #expect(try rider.errorPanel()?.message == "This account is locked. Please contact Koober.")

        try await admin.press("Unlock Account")
        try await rider.signInAsJohnny()
        #expect(rider.path == "/ride")

        try await admin.clickLink("This rider in the audit log")
        let actions = try admin.texts(at: "//tbody/tr/td[4]")
        // Newest first: each page shown after an act is a look of its own, the refused lock's too.
        #expect(
            actions == [
                "Looked at the rider", "Unlocked the account", "Looked at the rider", "Locked the account",
                "Looked at the rider", "Looked at the rider",
            ])
        #expect(try admin.texts(at: "//tbody/tr/td[6]").contains("Abusive messages to drivers"))
    }

    @Test func theAuditLogIsFilteredByMemberAndByTargetAndPagedNewestFirst() async throws {
        let app = try await KooberTestApp()
        let (supportMember, support) = try await Self.member(app, .support)
        let (_, admin) = try await Self.member(app, .admin)
        let other = app.browser()
        try await other.signUp(TestBrowser.Account(email: "skippy@example.com"))
        try await Self.find(support, "skippy@example.com")
        for _ in 0..<55 { try await support.visit("/ops/riders/1") }

        try await admin.visit("/ops/audit")
        #expect(try admin.texts(at: "//tbody/tr").count == 50)
        try await admin.clickLink("Older")
        #expect(try admin.texts(at: "//tbody/tr").count == 6)
        #expect(try admin.first("//a[normalize-space()='Older']") == nil)

        // The oldest row, Skippy's look: the log about Skippy alone.
        let skippy = try #require(try admin.all("//tbody/tr/td[5]/a").last)
        try await admin.clickLink(try #require(skippy.text))
        #expect(try admin.texts(at: "//tbody/tr").count == 1)
        #expect(try admin.text(at: "//*[contains(@class, 'ops-filter')]")?.hasPrefix("About rider") == true)

        try await admin.visit("/ops/audit?staff=\(supportMember.member.id.rawValue)")
        #expect(try admin.texts(at: "//tbody/tr/td[2]").allSatisfy { $0.contains(supportMember.email) })
        try await admin.visit("/ops/audit?staff=not-a-number&target=ride:&before=-3")
        #expect(admin.status == .ok)
    }
}
