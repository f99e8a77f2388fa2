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
            #expect(await quota.take("a", limit: 3, window: .seconds(hour), at: referenceTime + Double(minute) * 60))
        }
        #expect(await !quota.take("a", limit: 3, window: .seconds(hour), at: referenceTime + 600))
        #expect(await quota.take("b", limit: 3, window: .seconds(hour), at: referenceTime + 600))
        #expect(await quota.take("a", limit: 3, window: .seconds(hour), at: referenceTime + hour + 1))
    }

    @Test func keysWhoseWindowHasPassedAreForgotten() async {
        let quota = InMemoryRequestQuota()
        for index in 0..<5_000 {
            _ = await quota.take("first-\(index)", limit: 3, window: .seconds(hour), at: referenceTime)
        }
        #expect(await quota.rememberedKeys == 5_000)
        for index in 0..<9_000 {
            _ = await quota.take("later-\(index)", limit: 3, window: .seconds(hour), at: referenceTime + 2 * hour)
        }
        // The first keys' window has passed: a sweep, once the keys doubled, forgot them all.
        #expect(await quota.rememberedKeys == 9_000)
    }

    /// Issue 41: one address, 60 s on the API, grew the quota by 50 MB. A refused request records nothing, a full
    /// table refuses new keys (and only those), and a key's text is not what is kept.
    @Test func aFloodOfNewKeysStopsAtTheBoundAndRefusalsRecordNothing() async {
        let quota = InMemoryRequestQuota(maximumKeys: 1_000)
        #expect(await !quota.take("nothing-left", limit: 0, window: .seconds(hour), at: referenceTime))
        #expect(await quota.rememberedKeys == 0)
        #expect(await quota.take("rider", limit: 3, window: .seconds(hour), at: referenceTime))
        let long = String(repeating: "x", count: 16_384)
        var taken = 1
        for index in 0..<5_000 {
            let key = "reset-email:\(index)\(long)@koober.com"
            if await quota.take(key, limit: 3, window: .seconds(hour), at: referenceTime + 1) { taken += 1 }
        }
        #expect(taken == 1_000)
        #expect(await quota.rememberedKeys == 1_000)
        // A key already held keeps its quota; once the window has passed, the flood's keys make room.
        #expect(await quota.take("rider", limit: 3, window: .seconds(hour), at: referenceTime + 2))
        #expect(await quota.take("newcomer", limit: 3, window: .seconds(hour), at: referenceTime + hour + 1))
        #expect(await quota.rememberedKeys == 2)
    }

    /// The keys are held as SHA-256 digests: a key's memory is the same whatever its length.
    @Test func eachKeyTakesAFixedSizeWhateverItsLength() {
        #expect(RecentRequests.bytesPerKey(limit: 10) * InMemoryRequestQuota.defaultMaximumKeys <= 11_200_000)
        #expect(RecentRequests.bytesPerKey(limit: 10) * SignUpThrottle.defaultMaximumAddresses <= 11_200_000)
        var table = RecentRequests(maximumKeys: 10)
        let first = table.take(
            String(repeating: "é", count: 100_000), limit: 1, window: .seconds(hour), at: referenceTime)
        let again = table.take(
            String(repeating: "é", count: 100_000), limit: 1, window: .seconds(hour), at: referenceTime)
        let other = table.take(
            String(repeating: "é", count: 99_999), limit: 1, window: .seconds(hour), at: referenceTime)
        #expect(first && !again && other)
        #expect(table.count == 2)
        #expect(RecentRequests.storedKey(String(repeating: "é", count: 100_000)).utf8.count == 64)
    }
}
