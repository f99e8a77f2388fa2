import Foundation
import KooberKit
import Testing

/// Each rule of SPEC.md's "Scheduled rides" at its edge, at real time and at `--ride-clock-rate 60`.
struct ScheduledRidePolicyTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [1.0, 60.0])
    func fifteenMinutesAheadDividedByTheRateIsTheSoonest(rate: Double) {
        let policy = ScheduledRidePolicy(clockRate: rate)
        let soonest = now + 15 * 60 / rate
        #expect(policy.refusal(pickupAt: soonest, now: now, upcoming: []) == nil)
        #expect(policy.refusal(pickupAt: soonest - 0.001, now: now, upcoming: []) == .tooSoon)
        #expect(policy.refusal(pickupAt: now - 60, now: now, upcoming: []) == .tooSoon)
    }

    @Test(arguments: [1.0, 60.0])
    func sevenDaysAheadIsTheLatestWhateverTheRate(rate: Double) {
        let policy = ScheduledRidePolicy(clockRate: rate)
        let latest = now + 7 * 24 * 3_600
        #expect(policy.refusal(pickupAt: latest, now: now, upcoming: []) == nil)
        #expect(policy.refusal(pickupAt: latest + 0.001, now: now, upcoming: []) == .tooFar)
    }

    @Test func aFourthUpcomingRideIsRefused() {
        let policy = ScheduledRidePolicy(clockRate: 1)
        let upcoming = [now + 3_600, now + 7_200, now + 10_800]
        #expect(policy.refusal(pickupAt: now + 86_400, now: now, upcoming: Array(upcoming.prefix(2))) == nil)
        #expect(policy.refusal(pickupAt: now + 86_400, now: now, upcoming: upcoming) == .tooManyUpcoming)
    }

    /// Decided: two pick-ups exactly 30 minutes apart are allowed; one millisecond closer is not, on either side.
    @Test(arguments: [1.0, 60.0])
    func thirtyMinutesApartIsAllowedAndAnythingCloserIsNot(rate: Double) {
        let policy = ScheduledRidePolicy(clockRate: rate)
        let other = now + 3 * 3_600
        for pickup in [other - 1_800, other + 1_800] {
            #expect(policy.refusal(pickupAt: pickup, now: now, upcoming: [other]) == nil)
        }
        for pickup in [other - 1_799.999, other + 1_799.999, other] {
            #expect(policy.refusal(pickupAt: pickup, now: now, upcoming: [other]) == .tooClose)
        }
    }

    @Test(arguments: [1.0, 60.0])
    func itStartsTenMinutesBeforeAndIsMissedThirtyMinutesAfterThatBothDividedByTheRate(rate: Double) {
        let policy = ScheduledRidePolicy(clockRate: rate)
        let pickup = now + 86_400
        #expect(policy.startTime(pickupAt: pickup) == pickup - 600 / rate)
        #expect(policy.missTime(pickupAt: pickup) == pickup - 600 / rate + 1_800 / rate)
    }

    @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity])
    func aRateThatIsNotPositiveAndFiniteIsTakenAsOne(rate: Double) {
        #expect(ScheduledRidePolicy(clockRate: rate).clockRate == 1)
    }
}
