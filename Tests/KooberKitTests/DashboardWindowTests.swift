import Foundation
import KooberKit
import Testing
import Timekeeping

/// The dashboard's windows at their edges: the last hour excludes its first instant, the chart is 96 quarter hours
/// on the clock's marks ending with the quarter `now` is in.
struct DashboardWindowTests {
    /// 800 s past the mark 1,699,999,200.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let mark = Date(timeIntervalSince1970: 1_699_999_200)

    @Test func theLastHourBeginsJustAfterAnHourAgoAndEndsWithNow() {
        let window = DashboardWindow(now: Self.now)
        #expect(!window.isInLastHour(Self.now - .seconds(3_600)))
        #expect(window.isInLastHour(Self.now - .seconds(3_599)))
        #expect(window.isInLastHour(Self.now))
        #expect(!window.isInLastHour(Self.now + .seconds(1)))
        #expect(window.nextHourEnd == Self.now + .seconds(3_600))
    }

    @Test func theChartIsNinetySixQuarterHoursEndingWithTheQuarterNowIsIn() {
        let window = DashboardWindow(now: Self.now)
        let starts = window.quarterStarts
        #expect(starts.count == 96)
        #expect(starts.last == Self.mark)
        #expect(starts.first == Self.mark - .seconds(95 * 900))
        #expect(window.chartStartSeconds == 1_699_999_200 - 85_500)
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 900 })
        // Sydney's offsets are whole hours: every bar begins on one of its quarter hours too.
        #expect(starts.allSatisfy { SydneyTime.wallTime(at: $0).minute % 15 == 0 })
    }

    @Test func aRequestCountsInItsQuarterFromTheChartsFirstSecondToNow() {
        let window = DashboardWindow(now: Self.now)
        let first = Self.mark - .seconds(95 * 900)
        #expect(window.quarter(of: first) == 0)
        #expect(window.quarter(of: first - .seconds(1)) == nil)
        #expect(window.quarter(of: first + .seconds(899)) == 0)
        #expect(window.quarter(of: first + .seconds(900)) == 1)
        #expect(window.quarter(of: Self.now - .seconds(86_400)) == nil, "24 hours ago is before the chart")
        #expect(window.quarter(of: Self.mark - .seconds(1)) == 94)
        #expect(window.quarter(of: Self.mark) == 95)
        #expect(window.quarter(of: Self.now) == 95)
        #expect(window.quarter(of: Self.now + .seconds(1)) == nil)
    }

    @Test func onAMarkTheChartBeginsTwentyThreeAndThreeQuarterHoursBefore() {
        let window = DashboardWindow(now: Self.mark)
        #expect(window.quarter(of: Self.mark - .seconds(86_400)) == nil)
        #expect(window.quarter(of: Self.mark - .seconds(85_500)) == 0)
        #expect(window.quarter(of: Self.mark) == 95)
    }

    @Test func aFractionOfASecondCountsAsStoresKeepTimes() {
        let window = DashboardWindow(now: Self.now + .milliseconds(999))
        #expect(window.nowSeconds == 1_700_000_000)
        #expect(window.quarter(of: Self.now) == 95)
    }
}
