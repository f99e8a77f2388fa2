import Synchronization

/// The request-body bytes one server holds in memory across all its connections, and their limit.
///
/// Each body is limited on its own (`HTTPServerConfiguration.maxBodyBytes`), but ten thousand connections each
/// sending most of a megabyte would still hold gigabytes. A connection reserves the bytes of its body as they
/// arrive and gives them back when its response is written or it closes; a body that does not fit is refused
/// with `503` and `Retry-After`, and the memory of the others stays bounded.
package final class BodyBudget: Sendable {
    package let limit: Int
    private let held = Atomic<Int>(0)

    package init(limit: Int) {
        self.limit = limit
    }

    /// The bytes reserved now.
    package var heldBytes: Int { held.load(ordering: .relaxed) }

    /// Whether `bytes` more would fit now (nothing is reserved).
    func wouldFit(_ bytes: Int) -> Bool {
        bytes <= limit - heldBytes
    }

    /// Reserves `bytes` if they fit; `false` (and nothing reserved) if they do not.
    func reserve(_ bytes: Int) -> Bool {
        var current = held.load(ordering: .relaxed)
        while true {
            guard bytes <= limit - current else { return false }
            let (exchanged, original) = held.weakCompareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed
            )
            if exchanged { return true }
            current = original
        }
    }

    /// Gives back bytes reserved earlier.
    func release(_ bytes: Int) {
        held.subtract(bytes, ordering: .relaxed)
    }
}
