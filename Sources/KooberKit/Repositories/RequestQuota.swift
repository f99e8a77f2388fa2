import Foundation

/// Counts requests per key in a sliding window (reset links per email and per address, confirmation messages per
/// rider): in this process's memory where one process serves the store (`InMemoryRequestQuota`), in the store where
/// several share it (PostgreSQL).
public protocol RequestQuota: Sendable {
    /// Takes one of `key`'s `limit` requests in the `window` before `now`: `false` when none is left.
    func take(_ key: String, limit: Int, window: TimeInterval, at now: Date) async throws -> Bool
}

/// The quota of one process, in memory: a restart forgets it, which costs an abuser at most one more window's worth.
public actor InMemoryRequestQuota: RequestQuota {
    /// Each key's window and the times of its recent requests, oldest first.
    private var requests: [String: (window: TimeInterval, times: [Date])] = [:]
    /// Keys whose requests have all left their windows are swept out once the keys number this many, so the memory
    /// held stays proportional to what came within the windows, and a request costs the same however many keys there
    /// are (a sweep reads them all, and the next comes only once as many again have come).
    private var sweepAt = 1_024

    public init() {}

    public func take(_ key: String, limit: Int, window: TimeInterval, at now: Date) -> Bool {
        if requests.count >= sweepAt {
            requests = requests.compactMapValues { entry in
                let kept = entry.times.filter { $0 > now - entry.window }
                return kept.isEmpty ? nil : (entry.window, kept)
            }
            sweepAt = max(1_024, requests.count * 2)
        }
        let recent = (requests[key]?.times ?? []).filter { $0 > now - window }
        guard recent.count < limit else {
            requests[key] = (window, recent)
            return false
        }
        requests[key] = (window, recent + [now])
        return true
    }

    /// How many keys are remembered (for tests: the memory is bounded by the windows).
    public var rememberedKeys: Int { requests.count }
}
