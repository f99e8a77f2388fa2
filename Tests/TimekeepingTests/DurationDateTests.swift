import Foundation
import Testing
import Timekeeping

/// Where a span (`Duration`) meets an instant (`Date`): the one conversion to seconds, and a date moved by a span.
struct DurationDateTests {
    @Test func aSpanIsItsSecondsAsATimeInterval() {
        #expect(Duration.seconds(90).timeInterval == 90)
        #expect(Duration.milliseconds(1_500).timeInterval == 1.5)
        #expect(Duration.seconds(7 * 24 * 60 * 60).timeInterval == 604_800)
        #expect(Duration.zero.timeInterval == 0)
        #expect(Duration.milliseconds(-250).timeInterval == -0.25)
    }

    @Test func aDateMovesByASpanEitherWay() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(start + .seconds(60) == Date(timeIntervalSince1970: 1_700_000_060))
        #expect(start - .seconds(15 * 60) == Date(timeIntervalSince1970: 1_699_999_100))
        #expect(start + .milliseconds(250) == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(start + .seconds(30) - .seconds(30) == start)
    }

    @Test func aSpanDividedByAClockRateMovesADateAsTheSecondsWould() {
        let pickup = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(pickup - Duration.seconds(10 * 60) / 60 == pickup.addingTimeInterval(-10))
        #expect(pickup - Duration.seconds(10 * 60) / 2.5 == pickup.addingTimeInterval(-240))
    }
}
