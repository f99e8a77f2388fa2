import Foundation
import KooberKit
import MustacheRendering
import Timekeeping

/// Koober Ops' chart of the rides requested per quarter hour over the last 24 hours (SPEC.md, "Koober Ops",
/// Dashboard), drawn by the server as SVG, with the rows of the table that gives the same numbers beside it. Pure: the
/// same quarters give the same bytes.
///
/// The image is one `<svg role="img">` named by its `aria-label` and its `<title>` (what it shows in words: the total
/// and the busiest quarter hour); the bars are one path, each bar's height in proportion to its count, the busiest
/// reaching the top; the hours are marked every `labelEveryHours` in Sydney's time, as every time a rider reads
/// (`PickupTimeText`). It draws in `currentColor`, so the page's look (light or dark) colours it, and holds no script,
/// no style sheet and no external reference. Every text in it is escaped.
public struct RidesRequestedChart: Equatable, Sendable {
    /// One row of the table beside the chart: a quarter hour and its rides.
    public struct Row: Equatable, Sendable {
        public let start: Date
        /// "Sat 5:15 pm – 5:30 pm", Sydney's time.
        public let range: String
        public let count: Int
    }

    /// The `<svg>` element, to be put in the page as it is (it is markup, already escaped).
    public let svg: String
    /// The table's rows, oldest first, one per bar.
    public let rows: [Row]
    /// What the chart shows, in words: its `aria-label` and `<title>`, fit for the table's caption too.
    public let summary: String

    /// How many hours apart the hour marks are.
    static let labelEveryHours = 3
    /// A bar's slot and, within it, the bar's width; the plot's height and its margins.
    static let slot = 6.0
    static let barWidth = 5.0
    static let plotHeight = 120.0
    static let left = 32.0
    static let top = 10.0
    static let bottom = 20.0
    static let right = 8.0

    /// The dashboard's chart (`OpsDashboard.requestsPerQuarterHour`).
    public init(_ dashboard: OpsDashboard) {
        self.init(quarters: dashboard.requestsPerQuarterHour)
    }

    /// The chart of `quarters`, oldest first, each a quarter hour long.
    public init(quarters: [QuarterHourCount]) {
        rows = quarters.map { quarter in
            let end = quarter.start + DashboardWindow.quarterHour
            let range =
                "\(PickupTimeText.weekday(for: quarter.start)) \(PickupTimeText.timeOfDay(for: quarter.start))"
                + " – \(PickupTimeText.timeOfDay(for: end))"
            return Row(start: quarter.start, range: range, count: quarter.count)
        }
        summary = Self.summary(of: rows)
        svg = Self.svg(of: rows, summary: summary)
    }

    /// "Rides requested per 15 minutes over the last 24 hours, Sydney time: 42 in all, the most 7, Sat 5:15 pm –
    /// 5:30 pm."
    static func summary(of rows: [Row]) -> String {
        let heading = "Rides requested per 15 minutes over the last 24 hours, Sydney time"
        let total = rows.reduce(0) { $0 + $1.count }
        guard let busiest = rows.max(by: { $0.count < $1.count }), total > 0 else { return heading + ": none." }
        return heading + ": \(total) in all, the most \(busiest.count), \(busiest.range)."
    }

    static func svg(of rows: [Row], summary: String) -> String {
        let plotWidth = Double(rows.count) * slot
        let width = left + plotWidth + right
        let height = top + plotHeight + bottom
        let baseline = top + plotHeight
        let most = rows.map(\.count).max() ?? 0
        let highest = max(most, 1)
        let label = String.htmlEscaped(summary)
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ops-chart\" viewBox=\"0 0 \(decimal(width)) "
            + "\(decimal(height))\" role=\"img\" aria-label=\"\(label)\"><title>\(label)</title>"
        var bars = ""
        for (index, row) in rows.enumerated() where row.count > 0 {
            let barHeight = plotHeight * Double(row.count) / Double(highest)
            let x = left + Double(index) * slot
            bars += "M\(decimal(x)) \(decimal(baseline))v-\(decimal(barHeight))h\(decimal(barWidth))"
            bars += "v\(decimal(barHeight))z"
        }
        if !bars.isEmpty {
            svg += "<path class=\"ops-chart-bars\" fill=\"currentColor\" d=\"\(bars)\"></path>"
        }
        svg +=
            "<path class=\"ops-chart-axis\" fill=\"none\" stroke=\"currentColor\" d=\"M\(decimal(left)) "
            + "\(decimal(top))V\(decimal(baseline))H\(decimal(left + plotWidth))\(ticks(of: rows, at: baseline))\">"
            + "</path>"
        if most > 0 {
            svg += text(String(most), x: left - 4, y: top + 4, anchor: "end")
        }
        svg += text("0", x: left - 4, y: baseline, anchor: "end")
        for (index, row) in rows.enumerated() where isHourMark(row.start) {
            svg += text(
                PickupTimeText.hour(for: row.start), x: left + Double(index) * slot, y: baseline + 14,
                anchor: "middle")
        }
        return svg + "</svg>"
    }

    /// A short tick under the axis at each hour mark.
    private static func ticks(of rows: [Row], at baseline: Double) -> String {
        rows.enumerated().filter { isHourMark($0.element.start) }.map { index, _ in
            "M\(decimal(left + Double(index) * slot)) \(decimal(baseline))v3"
        }.joined()
    }

    /// Whether `start` is on one of Sydney's hours that are marked (midnight, 3 am, …).
    static func isHourMark(_ start: Date) -> Bool {
        let wall = SydneyTime.wallTime(at: start)
        return wall.minute == 0 && wall.hour % labelEveryHours == 0
    }

    private static func text(_ text: String, x: Double, y: Double, anchor: String) -> String {
        "<text x=\"\(decimal(x))\" y=\"\(decimal(y))\" font-size=\"10\" text-anchor=\"\(anchor)\" fill=\"currentColor\">"
            + "\(String.htmlEscaped(text))</text>"
    }

    private static func decimal(_ value: Double) -> String {
        RouteMap.decimal(value)
    }
}
