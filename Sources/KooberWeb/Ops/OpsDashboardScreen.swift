import Foundation
import HTTPServer
import KooberKit

/// The dashboard (`GET /ops`): how the city is served now and in the last hour, and a day of requests as a chart with
/// its table (SPEC.md, "Koober Ops", **Dashboard**).
struct OpsDashboardScreen {
    let templates: TemplateRenderer
    let makeShowDashboard: @Sendable () -> ShowDashboardUseCase

    func show(navigation: OpsNavigation) async throws -> Response {
        let dashboard = try await makeShowDashboard().run()
        return templates.response(.opsDashboard, OpsDashboardViewState(navigation: navigation, dashboard: dashboard))
    }
}

/// The dashboard's figures in words: each a label and a value, in SPEC's order; the chart's SVG (drawn by
/// `RidesRequestedChart`, never from a visitor's text) with the same numbers as a table.
struct OpsDashboardViewState: Sendable, Encodable {
    struct Figure: Sendable, Encodable {
        let label: String
        let value: String
    }

    let navigation: OpsNavigation
    let readAt: String
    let now: [Figure]
    let lastHour: [Figure]
    let chart: String
    let chartSummary: String
    let chartRows: [ChartRow]

    struct ChartRow: Sendable, Encodable {
        let range: String
        let count: Int
    }

    init(navigation: OpsNavigation, dashboard: OpsDashboard) {
        self.navigation = navigation
        readAt = PickupTimeText.text(for: dashboard.now)
        let live = dashboard.liveRides
        now =
            [
                Figure(label: "Finding an animal", value: "\(live.finding)"),
                Figure(label: "On the way to the pick-up, or there", value: "\(live.toPickup)"),
                Figure(label: "Riding", value: "\(live.riding)"),
            ]
            + dashboard.freeAnimals.map { Figure(label: "Free \($0.rideOption.name)", value: "\($0.count)") }
            + [Figure(label: "Scheduled rides due in the next hour", value: "\(dashboard.scheduledDueWithinHour)")]
        lastHour = [
            Figure(label: "Rides requested", value: "\(dashboard.requestedLastHour)"),
            Figure(label: "Rides finished", value: "\(dashboard.finishedLastHour)"),
            Figure(label: "Rides cancelled", value: "\(dashboard.cancelledLastHour)"),
            Figure(
                label: "Wait for an animal, p50",
                value: dashboard.wait.map { OpsDurationText.text($0.p50) } ?? "No rides"),
            Figure(
                label: "Wait for an animal, p95",
                value: dashboard.wait.map { OpsDurationText.text($0.p95) } ?? "No rides"),
            Figure(label: "Open reports", value: "\(dashboard.openReports)"),
            Figure(
                label: "Oldest open report",
                value: dashboard.oldestOpenReportAge.map { OpsDurationText.text($0) } ?? "None"),
        ]
        let chart = RidesRequestedChart(dashboard)
        self.chart = chart.svg
        chartSummary = chart.summary
        chartRows = chart.rows.map { ChartRow(range: $0.range, count: $0.count) }
    }
}
