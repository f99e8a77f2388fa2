import Foundation

/// SPEC.md: after 5 failures for one email from one client address within 15 minutes, further tries for that pair
/// answer 429 for 15 minutes without checking the password; failures are also limited per client address across
/// emails and per email across all addresses, with higher limits, so that nobody can lock a rider out from elsewhere.
///
/// - 5 per (email, address): a rider's own typos, with room to spare; an online guesser gets 20 guesses an hour.
/// - 50 per address across emails: one machine trying many accounts (credential stuffing) is stopped, while a
///   household or office behind one address would need 50 failures in 15 minutes to be stopped.
/// - 100 per email across addresses: a guesser who spreads one account's guesses over many addresses is stopped
///   too; locking the rider out this way takes 100 failures from at least 20 addresses (each stops at its 5th).
public struct SignInThrottlePolicy: Sendable {
    public var maximumFailures = 5
    public var maximumFailuresPerAddress = 50
    public var maximumFailuresPerEmail = 100
    public var window: Duration = .seconds(15 * 60)
    public var lockout: Duration = .seconds(15 * 60)

    public init() {}

    /// The failures within `window` that lock `scope` out.
    public func maximumFailures(for scope: SignInFailureScope) -> Int {
        switch scope {
        case .pair: maximumFailures
        case .address: maximumFailuresPerAddress
        case .email: maximumFailuresPerEmail
        }
    }
}
