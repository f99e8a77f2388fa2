import Synchronization

/// A password hasher with a bounded queue in front: at most `capacity` hashes and verifications are waiting or
/// running at once, and any more fail at once with `PasswordHasherError.busy`, without hashing.
///
/// argon2id costs ~30 ms of a core and 19 MiB each, so a flood of sign-ins would otherwise queue without limit on
/// the hasher's threads: everyone's wait would grow with the flood, the real rider's included. Shedding what does
/// not fit keeps the wait bounded by about `capacity / cores` hashes, and a shed attempt costs almost nothing.
public final class BoundedPasswordHasher: PasswordHasher {
    /// The default queue size: 4 hashes per core, so each core has one running and three waiting (~120 ms of
    /// waiting at ~30 ms each) before visitors are told to come back.
    public static func defaultCapacity(cores: Int) -> Int { 4 * max(cores, 1) }

    /// How many hashes and verifications may be waiting or running at once.
    public let capacity: Int
    private let hasher: any PasswordHasher
    private let state = Mutex(State())

    private struct State {
        var depth = 0
        var shedCount = 0
    }

    public init(_ hasher: any PasswordHasher, capacity: Int) {
        self.hasher = hasher
        self.capacity = max(capacity, 1)
    }

    /// Hashes and verifications waiting or running now.
    public var depth: Int { state.withLock { $0.depth } }
    /// Hashes and verifications refused as busy since start-up.
    public var shedCount: Int { state.withLock { $0.shedCount } }

    public func hash(_ password: String) async throws -> String {
        try await admitted { try await hasher.hash(password) }
    }

    public func verify(_ password: String, against hash: String) async throws -> Bool {
        try await admitted { try await hasher.verify(password, against: hash) }
    }

    public func standInHash() -> String {
        hasher.standInHash()
    }

    /// Runs `work` if the queue has room, keeping its place until `work` ends; else throws `.busy`.
    private func admitted<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        let hasRoom = state.withLock { state in
            guard state.depth < capacity else {
                state.shedCount += 1
                return false
            }
            state.depth += 1
            return true
        }
        guard hasRoom else { throw PasswordHasherError.busy }
        defer { state.withLock { $0.depth -= 1 } }
        return try await work()
    }
}
