/// How long riders waited for an animal (from the request to `on_the_way`): the median and the 95th percentile, each
/// by nearest rank (the smallest wait that at least that share of the waits are at or under), so both are waits that
/// really happened.
public struct WaitPercentiles: Equatable, Sendable {
    public let p50: Duration
    public let p95: Duration
    /// How many waits they are of.
    public let count: Int

    public init(p50: Duration, p95: Duration, count: Int) {
        self.p50 = p50
        self.p95 = p95
        self.count = count
    }

    /// Of `waits` in any order; `nil` when there are none.
    public init?(waits: [Duration]) {
        guard !waits.isEmpty else { return nil }
        let sorted = waits.sorted()
        self.init(
            p50: Self.nearestRank(50, of: sorted), p95: Self.nearestRank(95, of: sorted), count: sorted.count)
    }

    /// The nearest-rank `percent` percentile of `sorted` (not empty): the value at rank ⌈percent × n / 100⌉.
    static func nearestRank(_ percent: Int, of sorted: [Duration]) -> Duration {
        let rank = (percent * sorted.count + 99) / 100
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
