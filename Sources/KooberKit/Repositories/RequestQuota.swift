import Foundation
import Timekeeping

/// Counts requests per key in a sliding window (reset links per email and per address, confirmation messages per
/// rider): in this process's memory where one process serves the store (`InMemoryRequestQuota`), in the store where
/// several share it (PostgreSQL).
public protocol RequestQuota: Sendable {
    /// Takes one of `key`'s `limit` requests in the `window` before `now`: `false` when none is left.
    func take(_ key: String, limit: Int, window: Duration, at now: Date) async throws -> Bool
}

/// The quota of one process, in memory: a restart forgets it, which costs an abuser at most one more window's worth.
///
/// Its table is a `RecentRequests`: each key kept as its SHA-256 with at most `limit` times, at most `maximumKeys`
/// keys (at most 11 MB, at 10 times a key), swept by time, and nothing recorded for a request it refuses. When full,
/// a new key is refused (fail-closed: no mail goes out uncounted; see `RecentRequests`).
public actor InMemoryRequestQuota: RequestQuota {
    /// The most keys held: 32,768 (each address's key and the emails it got through, within one window), which a
    /// flood fills only from about 3,000 addresses in one window.
    public static let defaultMaximumKeys = 32_768

    private var requests: RecentRequests

    public init(maximumKeys: Int = InMemoryRequestQuota.defaultMaximumKeys) {
        requests = RecentRequests(maximumKeys: maximumKeys)
    }

    public func take(_ key: String, limit: Int, window: Duration, at now: Date) -> Bool {
        requests.take(key, limit: limit, window: window, at: now)
    }

    /// How many keys are remembered (for tests: the memory is bounded by the windows and `maximumKeys`).
    public var rememberedKeys: Int { requests.count }
}
