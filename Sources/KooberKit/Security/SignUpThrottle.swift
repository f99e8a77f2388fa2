import Foundation

/// Sign-up is throttled per client address (SPEC.md): at most `maximumAccounts` sign-ups that reach the password
/// hash per address within `window`; beyond, 429 without hashing.
public protocol SignUpThrottling: Sendable {
    /// Takes one of `address`'s sign-ups at `now` if it has one left in the window: `false` means throttled.
    func reserve(for address: String, at now: Date) async throws -> Bool
    /// Gives back a place taken at `time` whose sign-up went no further than the hash.
    func giveBack(for address: String, at time: Date) async throws
}

/// How many sign-ups an address gets, and within what time.
///
/// 10 an hour lets a family or an office behind one address sign up together, and makes minting accounts by the
/// thousand from one machine take days.
public struct SignUpThrottlePolicy: Sendable {
    public var maximumAccounts = 10
    public var window: TimeInterval = 60 * 60
    public init() {}
}

/// The sign-up throttle of one process, kept in memory: with SQLite, whose file one process serves, a restart forgets
/// it, which costs an abuser at most one more hour's worth, and it saves a write per sign-up. Several processes on
/// PostgreSQL share theirs in the database instead (`PostgresSignUpThrottle`).
public actor SignUpThrottle: SignUpThrottling {
    public typealias Policy = SignUpThrottlePolicy

    public let policy: Policy
    /// The times of recent sign-ups by address, each list oldest first; an address leaves when its last entry ages.
    private var signUps: [String: [Date]] = [:]

    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// Takes one of `address`'s sign-ups at `now` if it has one left in the window: `false` means throttled.
    /// Taking it before hashing (not after the account is stored) keeps simultaneous sign-ups from all fitting.
    public func reserve(for address: String, at now: Date) -> Bool {
        forgetSignUps(before: now - policy.window)
        let recent = signUps[address, default: []]
        guard recent.count < policy.maximumAccounts else { return false }
        signUps[address] = recent + [now]
        return true
    }

    /// Gives back a place taken at `time` whose sign-up went no further than the hash (the hasher was busy or
    /// broke): a visitor told to try again in a moment should not lose one of their address's places to it.
    public func giveBack(for address: String, at time: Date) {
        guard var times = signUps[address], let index = times.lastIndex(of: time) else { return }
        times.remove(at: index)
        signUps[address] = times.isEmpty ? nil : times
    }

    /// How many addresses are remembered (for tests: the memory the throttle holds is bounded by the window).
    public var rememberedAddresses: Int { signUps.count }

    private func forgetSignUps(before cutoff: Date) {
        signUps = signUps.compactMapValues { times in
            let kept = times.filter { $0 >= cutoff }
            return kept.isEmpty ? nil : kept
        }
    }
}
