import Foundation
import Timekeeping

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
    public var window: Duration = .seconds(60 * 60)
    public init() {}
}

/// The sign-up throttle of one process, kept in memory: with SQLite, whose file one process serves, a restart forgets
/// it, which costs an abuser at most one more hour's worth, and it saves a write per sign-up. Several processes on
/// PostgreSQL share theirs in the database instead (`PostgresSignUpThrottle`).
///
/// Its table is a `RecentRequests`: each address kept as its SHA-256 with at most `maximumAccounts` times, at most
/// `maximumAddresses` addresses (at most 11 MB), swept by time, nothing recorded for a refused sign-up. When full, a
/// new address is refused (fail-closed: a flood of addresses must not mint accounts unthrottled).
public actor SignUpThrottle: SignUpThrottling {
    public typealias Policy = SignUpThrottlePolicy

    /// The most addresses held at once: 32,768 addresses that each reached the password hash within the hour.
    public static let defaultMaximumAddresses = 32_768

    public let policy: Policy
    /// The times of recent sign-ups by address.
    private var signUps: RecentRequests

    public init(policy: Policy = Policy(), maximumAddresses: Int = SignUpThrottle.defaultMaximumAddresses) {
        self.policy = policy
        self.signUps = RecentRequests(maximumKeys: maximumAddresses)
    }

    /// Takes one of `address`'s sign-ups at `now` if it has one left in the window: `false` means throttled.
    /// Taking it before hashing (not after the account is stored) keeps simultaneous sign-ups from all fitting.
    public func reserve(for address: String, at now: Date) -> Bool {
        signUps.take(address, limit: policy.maximumAccounts, window: policy.window, at: now)
    }

    /// Gives back a place taken at `time` whose sign-up went no further than the hash (the hasher was busy or
    /// broke): a visitor told to try again in a moment should not lose one of their address's places to it.
    public func giveBack(for address: String, at time: Date) {
        signUps.giveBack(address, at: time)
    }

    /// How many addresses are remembered (for tests: the memory the throttle holds is bounded by the window and
    /// `maximumAddresses`).
    public var rememberedAddresses: Int { signUps.count }
}
