import Foundation
import TestKit
import Testing
import Timekeeping

/// The dispatcher's sleep: it ends at its time, at a ring, or at once for a ring that came before it, whatever the
/// order of the three. All on virtual time: nothing here waits for the wall clock.
@Suite struct WakeUpAlarmTests {
    @Test func aSleepEndsWhenItsTimeHasPassed() async {
        let clock = TestClock()
        let alarm = WakeUpAlarm()
        let sleeping = Task { await alarm.sleep(for: .seconds(5), on: clock) }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: 4.9)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 0.1)
        await sleeping.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func aRingEndsASleepLongBeforeItsTime() async {
        let clock = TestClock()
        let alarm = WakeUpAlarm()
        let sleeping = Task { await alarm.sleep(for: .seconds(3_600), on: clock) }
        await clock.sleepers(atLeast: 1)
        alarm.ring()
        await sleeping.value
        // The sleep's timer went with it: nothing is left asleep on the clock.
        #expect(clock.sleeperCount == 0)
    }

    @Test func aRingWhileNobodySleepsEndsTheNextSleepAtOnce() async {
        let clock = TestClock()
        let alarm = WakeUpAlarm()
        alarm.ring()
        await alarm.sleep(for: .seconds(3_600), on: clock)  // returns without the clock moving
        #expect(clock.sleeperCount == 0)
    }

    /// The bug of issue 29: the dispatcher's timer for a wait of about 0 ms fired before its sleeper was registered,
    /// found nobody to wake, and the dispatcher slept until a ride was next requested or cancelled on its process
    /// (possibly never). A timer that ends first must end the sleep, every time.
    @Test func aSleepWhoseTimeHasAlreadyComeReturnsEveryTime() async {
        let clock = TestClock()
        let alarm = WakeUpAlarm()
        for _ in 0..<2_000 {
            await alarm.sleep(for: .zero, on: clock)
        }
        #expect(clock.sleeperCount == 0)
    }

    /// Rings racing sleeps from other tasks, in every order the scheduler finds: each sleep ends (at its time, which
    /// comes at once with the real clock's zero wait, or at a ring), and no ring is ever lost for a sleeper that was
    /// waiting for it.
    @Test func ringsRacingSleepsAreNeverLost() async {
        let clock = TestClock()
        let alarm = WakeUpAlarm()
        for _ in 0..<500 {
            async let rung: Void = alarm.ring()
            await alarm.sleep(for: .seconds(3_600), on: clock)
            await rung
        }
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingTheSleepingTaskEndsTheSleep() async {
        let clock = TestClock()
        let alarm = WakeUpAlarm()
        let sleeping = Task { await alarm.sleep(for: .seconds(3_600), on: clock) }
        await clock.sleepers(atLeast: 1)
        sleeping.cancel()
        await sleeping.value
        #expect(clock.sleeperCount == 0)
    }
}
