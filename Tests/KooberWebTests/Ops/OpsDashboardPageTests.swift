import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

/// The dashboard as a member sees it (SPEC.md, "Koober Ops", **Dashboard**): the figures of now and of the last hour,
/// and the chart of a day's requests with the same numbers as a table.
@Suite struct OpsDashboardPageTests {
    /// The value beside the figure `label`.
    static func figure(_ browser: TestBrowser, _ label: String) throws -> String? {
        try browser.text(at: "//table[contains(@class, 'ops-figures')]//tr[th[normalize-space()='\(label)']]/td")
    }

    @Test func aRideRequestedShowsInTheFiguresTheChartAndItsTable() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.fleet)
        let member = app.browser()
        try await member.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        #expect(try Self.figure(member, "Rides requested") == "0")
        #expect(try Self.figure(member, "Wait for an animal, p50") == "No rides")

        let rider = app.browser()
        try await rider.signInAsJohnny()
        try await rider.requestRide(to: "Opera House", option: "Wallaroo")
        try await member.visit("/ops")
        #expect(try Self.figure(member, "Rides requested") == "1")
        #expect(try Self.figure(member, "Finding an animal") == "1")
        #expect(try Self.figure(member, "Open reports") == "0")
        #expect(try Self.figure(member, "Oldest open report") == "None")

        let chart = try #require(try member.first("//*[contains(@class, 'ops-chart')]/*[local-name()='svg']"))
        #expect(chart[attribute: "role"] == "img")
        let rows = try member.texts(at: "//*[contains(@class, 'ops-chart-table')]//tbody/tr/td[2]")
        #expect(rows.count == 96)
        #expect(rows.last == "1")
        #expect(rows.dropLast().allSatisfy { $0 == "0" })
    }
}
