import Foundation
import TestKit
import Testing

/// The virtual clock itself: sleepers wake in deadline order when time reaches them, and not before.
@Suite struct TestClockTests {
    @Test func advancingWakesTheSleepersWhoseDeadlineItReachesInOrder() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_000))
        let woken = WokenOrder()
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            await woken.append("early")
        }
        let late = Task {
            try await clock.sleep(for: .seconds(10))
            await woken.append("late")
        }
        await clock.sleepers(atLeast: 2)
        clock.advance(by: 1)
        try await early.value
        #expect(await woken.names == ["early"])
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(9))
        try await late.value
        #expect(await woken.names == ["early", "late"])
        #expect(clock.now == Date(timeIntervalSince1970: 1_010))
    }

    @Test func aCancelledSleepThrowsAndLeavesNothingAsleep() async {
        let clock = TestClock()
        let sleeping = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.sleepers(atLeast: 1)
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSleepOfNothingReturnsAtOnce() async throws {
        let clock = TestClock()
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    private actor WokenOrder {
        var names: [String] = []
        func append(_ name: String) { names.append(name) }
    }
}
