import KooberKit
import TestKit
import Testing

/// The waits' median and 95th percentile by nearest rank: waits that really happened, in any order.
struct WaitPercentilesTests {
    @Test func noWaitsHaveNoPercentiles() {
        #expect(WaitPercentiles(waits: []) == nil)
    }

    @Test func oneWaitIsBoth() {
        #expect(
            WaitPercentiles(waits: [.seconds(42)]) == WaitPercentiles(p50: .seconds(42), p95: .seconds(42), count: 1))
    }

    @Test func fiveWaitsTakeTheThirdAndTheFifth() {
        let waits: [Duration] = [.seconds(30), .seconds(90), .seconds(60), .seconds(45), .seconds(120)]
        #expect(WaitPercentiles(waits: waits) == WaitPercentiles(p50: .seconds(60), p95: .seconds(120), count: 5))
    }

    @Test func aHundredWaitsTakeTheFiftiethAndTheNinetyFifth() {
        var generator = SeededGenerator(seed: 43)
        let waits = (1...100).map { Duration.seconds($0) }.shuffled(using: &generator)
        #expect(WaitPercentiles(waits: waits) == WaitPercentiles(p50: .seconds(50), p95: .seconds(95), count: 100))
    }

    @Test func twentyWaitsTakeTheTenthAndTheNineteenth() {
        let waits = (1...20).reversed().map { Duration.milliseconds($0 * 1_000) }
        #expect(WaitPercentiles(waits: waits) == WaitPercentiles(p50: .seconds(10), p95: .seconds(19), count: 20))
    }
}
