import Foundation
import Testing

@testable import KooberWeb

struct RideStreamPolicyTests {
    /// Streams opened at one moment beat at moments spread over the interval, never later than it.
    @Test func firstHeartbeatsOfStreamsOpenedTogetherSpreadOverTheInterval() {
        let policy = RideStreamPolicy(heartbeatInterval: .seconds(15))
        let delays = (0..<1_000).map { _ in Double(policy.firstHeartbeat().nanoseconds) / 1e9 }

        #expect(delays.allSatisfy { (3.75...15).contains($0) })
        // Each of the four slices of that range gets some (a slice misses with odds of 0.75^1000).
        let slices = Set(delays.map { min(Int(($0 - 3.75) / (11.25 / 4)), 3) })
        #expect(slices == [0, 1, 2, 3])
    }
}
