import Foundation
import HTMLReading
import KooberKit
import TestKit
import Testing
import Timekeeping

@testable import KooberWeb

/// The dashboard's chart: well-formed SVG named for a screen reader, bars in proportion with the busiest at the top,
/// Sydney's hours marked, and the table's rows saying the same numbers.
struct RidesRequestedChartTests {
    /// Sat 28 Nov 2026, 5:15 pm in Sydney (AEDT).
    static let saturdayQuarter = Date(timeIntervalSince1970: 1_795_846_500)

    /// The 96 quarters of the chart read at `now`, with `counts` (cycled).
    static func quarters(at now: Date = saturdayQuarter, counts: [Int]) -> [QuarterHourCount] {
        DashboardWindow(now: now).quarterStarts.enumerated().map { index, start in
            QuarterHourCount(start: start, count: counts[index % counts.count])
        }
    }

    /// Each bar of the path's data as (x, top, height): "M<x> <baseline>v-<height>h<width>v<height>z", five numbers.
    static func bars(in svg: String) throws -> [(x: Double, top: Double, height: Double)] {
        let document = try HTMLDocument(html: svg)
        guard let data = try document.first("//path[@class='ops-chart-bars']")?[attribute: "d"] else { return [] }
        return try data.split(separator: "M").map { bar in
            let numbers = bar.split { "vhz -".contains($0) }.compactMap { Double($0) }
            try #require(numbers.count == 5, "\(bar)")
            return (numbers[0], numbers[1] - numbers[2], numbers[2])
        }
    }

    @Test func theChartIsWellFormedSVGNamedForAScreenReader() throws {
        var generator = SeededGenerator(seed: 43)
        let counts = (0..<96).map { _ in Int.random(in: 0...40, using: &generator) }
        let chart = RidesRequestedChart(quarters: Self.quarters(counts: counts))
        #expect(HTMLDocument.isWellFormedXML(chart.svg), "\(chart.svg)")
        let document = try HTMLDocument(html: chart.svg)
        let svg = try #require(try document.first("//svg"))
        #expect(svg[attribute: "role"] == "img")
        #expect(svg[attribute: "aria-label"] == chart.summary)
        #expect(try document.text(at: "//svg/title") == chart.summary)
        #expect(chart.summary.hasPrefix("Rides requested per 15 minutes over the last 24 hours, Sydney time: "))
        #expect(chart.summary.contains("\(counts.reduce(0, +)) in all, the most \(counts.max() ?? 0)"))
        #expect(!chart.svg.contains("<script") && !chart.svg.contains("style=") && !chart.svg.contains("href"))
    }

    @Test func barsAreInProportionAndTheBusiestReachesTheTop() throws {
        let counts = [0, 1, 2, 5, 10, 0, 3, 7]
        let chart = RidesRequestedChart(quarters: Self.quarters(counts: counts))
        let bars = try Self.bars(in: chart.svg)
        let drawn = Self.quarters(counts: counts).filter { $0.count > 0 }
        #expect(bars.count == drawn.count, "one bar for each quarter with a ride")
        for (bar, quarter) in zip(bars, drawn) {
            #expect(abs(bar.height - RidesRequestedChart.plotHeight * Double(quarter.count) / 10) <= 0.05, "\(bar)")
        }
        let tallest = try #require(bars.max { $0.height < $1.height })
        #expect(tallest.height == RidesRequestedChart.plotHeight)
        #expect(tallest.top == RidesRequestedChart.top)
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $0.x < $1.x }, "oldest on the left")
    }

    @Test func aDayWithoutRidesDrawsNoBarsAndSaysNone() throws {
        let chart = RidesRequestedChart(quarters: Self.quarters(counts: [0]))
        #expect(HTMLDocument.isWellFormedXML(chart.svg))
        #expect(try Self.bars(in: chart.svg).isEmpty)
        #expect(chart.summary == "Rides requested per 15 minutes over the last 24 hours, Sydney time: none.")
        #expect(chart.rows.count == 96 && chart.rows.allSatisfy { $0.count == 0 })
    }

    @Test func theHoursAreMarkedEveryThreeHoursInSydneyTime() throws {
        let chart = RidesRequestedChart(quarters: Self.quarters(counts: [1]))
        let labels = try HTMLDocument(html: chart.svg).texts(at: "//text[@text-anchor='middle']")
        #expect(labels.count == 8, "\(labels)")
        // At 5:15 pm the day began 5:30 pm yesterday: the first mark is 6 pm, then every three hours.
        #expect(labels == ["6 pm", "9 pm", "12 am", "3 am", "6 am", "9 am", "12 pm", "3 pm"])
    }

    @Test func theTableSaysEachQuarterInSydneyTimeWithItsCount() {
        let chart = RidesRequestedChart(quarters: Self.quarters(counts: [4, 0, 9]))
        #expect(chart.rows.count == 96)
        let last = chart.rows[95]
        #expect(last.start == Self.saturdayQuarter)
        #expect(last.range == "Sat 5:15 pm – 5:30 pm")
        #expect(last.count == [4, 0, 9][95 % 3])
        #expect(chart.rows[0].range == "Fri 5:30 pm – 5:45 pm")
        #expect(chart.rows.map(\.count) == Self.quarters(counts: [4, 0, 9]).map(\.count))
    }

    @Test func theDashboardsChartIsItsQuarters() {
        let window = DashboardWindow(now: Self.saturdayQuarter + .seconds(100))
        let dashboard = OpsDashboard(window: window, reading: DashboardReading(requestsByQuarter: [95: 2]))
        let chart = RidesRequestedChart(dashboard)
        #expect(chart == RidesRequestedChart(quarters: dashboard.requestsPerQuarterHour))
        #expect(chart.rows.last?.count == 2)
    }
}
