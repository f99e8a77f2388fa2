import Crypto
import Foundation
import Timekeeping

/// The times of recent requests per key, for the in-memory quotas a client can fill at will (`InMemoryRequestQuota`,
/// `SignUpThrottle`): bounded in keys and in bytes, swept by time, and never written for a request it refuses.
///
/// - **Bytes per key.** A key is kept as its SHA-256 (32 bytes), never as the client's text: an email of 16 KB costs
///   what one of 16 bytes costs. A key holds at most `limit` times, since a time is recorded only for a request that
///   fits.
/// - **Keys.** At most `maximumKeys`. A new key that finds the table full, after the keys whose requests have all left
///   their windows are swept out, is refused: **fail-closed**. What these tables guard (mail to a rider, an account
///   minted) must not become free because a flood filled them; the flood that fills one has had to come from thousands
///   of addresses within one window, and what it costs honest visitors is bounded by that window.
/// - **Sweeps.** Once the keys double since the last sweep (so a request costs the same however many keys there are),
///   and when the table is full and its earliest expiry has passed (so a full table costs a sweep only when one can
///   free a key: a refusal when full is otherwise one look-up).
public struct RecentRequests: Sendable {
    private struct Entry {
        /// Oldest first; at most the limit of the requests that recorded them.
        var times: [Date]
        var window: Duration
        var expiry: Date { (times.last ?? .distantPast) + window }
    }

    /// The most keys held at once.
    public let maximumKeys: Int
    private var entries: [SHA256.Digest: Entry] = [:]
    private var sweepAt = 1_024
    /// No key expires before this (exact after a sweep; keys only move later between sweeps).
    private var earliestExpiry = Date.distantFuture

    /// The memory a key takes at most, in bytes, with `limit` times: its digest and its list in the dictionary's slot
    /// (with the room a dictionary keeps spare), and the list's allocation. Measured on Linux at 210, 226 and 324 bytes
    /// for 1, 3 and 10 times (the resident size of 50,000 keys); this is a little above each. What `maximumKeys`
    /// multiplies into the table's bound.
    public static func bytesPerKey(limit: Int) -> Int { 200 + 14 * max(limit, 0) }

    /// What a store keeps for `key`: its SHA-256 in lower-case hex (64 bytes, whatever the key's length), so a
    /// quota in a database holds no client text either (`PostgresRequestQuota`).
    public static func storedKey(_ key: String) -> String {
        SHA256.hash(data: Data(key.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    public init(maximumKeys: Int) {
        self.maximumKeys = max(maximumKeys, 1)
    }

    /// How many keys are held.
    public var count: Int { entries.count }

    /// Takes one of `key`'s `limit` requests in the `window` before `now`: `false` (and nothing recorded) when none is
    /// left, or when `key` is new and the table is full.
    public mutating func take(_ key: String, limit: Int, window: Duration, at now: Date) -> Bool {
        let digest = SHA256.hash(data: Data(key.utf8))
        if entries.count >= maximumKeys ? now >= earliestExpiry : entries.count >= sweepAt {
            sweep(at: now)
        }
        let recent = (entries[digest]?.times ?? []).filter { $0 > now - window }
        guard recent.count < limit else { return false }
        guard entries[digest] != nil || entries.count < maximumKeys else { return false }
        entries[digest] = Entry(times: recent + [now], window: window)
        earliestExpiry = min(earliestExpiry, now + window)
        return true
    }

    /// Gives back the request `key` took at `time` (one that went no further), if it is still held.
    public mutating func giveBack(_ key: String, at time: Date) {
        let digest = SHA256.hash(data: Data(key.utf8))
        guard var entry = entries[digest], let index = entry.times.lastIndex(of: time) else { return }
        entry.times.remove(at: index)
        entries[digest] = entry.times.isEmpty ? nil : entry
        if !entry.times.isEmpty { earliestExpiry = min(earliestExpiry, entry.expiry) }
    }

    private mutating func sweep(at now: Date) {
        var earliest = Date.distantFuture
        entries = entries.compactMapValues { entry in
            var entry = entry
            entry.times.removeAll { $0 <= now - entry.window }
            guard !entry.times.isEmpty else { return nil }
            earliest = min(earliest, entry.expiry)
            return entry
        }
        earliestExpiry = earliest
        sweepAt = max(1_024, entries.count * 2)
    }
}
