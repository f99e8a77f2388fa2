import Foundation
import KooberKit
import Testing

/// The quota of one process: its limits per key in a sliding window, and memory that stays bounded by what came
/// within the window however many keys pass through.
@Suite struct InMemoryRequestQuotaTests {
    let hour: TimeInterval = 3_600

    @Test func eachKeyGetsItsLimitInTheWindowAndTheWindowSlides() async {
        let quota = InMemoryRequestQuota()
        for minute in 0..<3 {
            #expect(await quota.take("a", limit: 3, window: hour, at: referenceTime + Double(minute) * 60))
        }
        #expect(await !quota.take("a", limit: 3, window: hour, at: referenceTime + 600))
        #expect(await quota.take("b", limit: 3, window: hour, at: referenceTime + 600))
        #expect(await quota.take("a", limit: 3, window: hour, at: referenceTime + hour + 1))
    }

    @Test func keysWhoseWindowHasPassedAreForgotten() async {
        let quota = InMemoryRequestQuota()
        for index in 0..<5_000 {
            _ = await quota.take("first-\(index)", limit: 3, window: hour, at: referenceTime)
        }
        #expect(await quota.rememberedKeys == 5_000)
        for index in 0..<9_000 {
            _ = await quota.take("later-\(index)", limit: 3, window: hour, at: referenceTime + 2 * hour)
        }
        // The first keys' window has passed: a sweep, once the keys doubled, forgot them all.
        #expect(await quota.rememberedKeys == 9_000)
    }
}
