import LogLines
import TestKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Log rate limiter")
struct LogRateLimiterTests {
    /// A clock the test moves by hand.
    let second = Locked(1_000)

    private func limiter(linesPerSecond: Int) -> LogRateLimiter<Int> {
        let second = self.second
        return LogRateLimiter(linesPerSecond: linesPerSecond) { second.value }
    }

    @Test func atMostTheLimitPerSecondGetThroughAndTheNextOneReportsTheRest() {
        let limiter = limiter(linesPerSecond: 3)
        #expect((1...10).map { _ in limiter.admit(400) } == [0, 0, 0, nil, nil, nil, nil, nil, nil, nil])
        second.withLock { $0 += 1 }
        #expect((1...4).map { _ in limiter.admit(400) } == [7, 0, 0, nil])
        second.withLock { $0 += 5 }
        #expect(limiter.admit(400) == 1)
        #expect(limiter.admit(400) == 0)
    }

    @Test func eachKindHasItsOwnAllowanceAndCount() {
        let limiter = limiter(linesPerSecond: 1)
        #expect(limiter.admit(400) == 0)
        #expect(limiter.admit(400) == nil)
        #expect(limiter.admit(400) == nil)
        #expect(limiter.admit(431) == 0)
        #expect(limiter.admit(431) == nil)
        second.withLock { $0 += 1 }
        #expect(limiter.admit(431) == 1)
        #expect(limiter.admit(400) == 2)
    }

    @Test func threadsSharingOneLimiterGetExactlyTheLimitBetweenThem() async {
        let limiter = limiter(linesPerSecond: 100)
        let admitted = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<1_000).reduce(0) { count, _ in count + (limiter.admit(400) == nil ? 0 : 1) } }
            }
            return await group.reduce(0, +)
        }
        #expect(admitted == 100)
        second.withLock { $0 += 1 }
        #expect(limiter.admit(400) == 8_000 - 100)
    }

    /// The limiter's logic is tested above on a clock the test moves; this only checks which clock it reads by
    /// default, at once: whole seconds of `CLOCK_MONOTONIC` (not milliseconds, not the wall clock), which never go back.
    @Test func theDefaultClockIsTheMonotonicClockInWholeSeconds() {
        let before = monotonicSeconds()
        let first = LogRateLimiter<Int>.monotonicSecond()
        let second = LogRateLimiter<Int>.monotonicSecond()
        let after = monotonicSeconds()
        #expect(before <= first && first <= second && second <= after)
    }

    private func monotonicSeconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec)
    }
}
