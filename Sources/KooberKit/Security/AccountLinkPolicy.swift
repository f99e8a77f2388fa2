import Foundation
import Timekeeping

/// How long mailed links live and how often a rider may ask for one (SPEC.md, "Email").
public struct AccountLinkPolicy: Sendable {
    public var passwordResetLifetime: Duration = .seconds(30 * 60)
    public var emailConfirmationLifetime: Duration = .seconds(7 * 24 * 60 * 60)
    /// Reset requests per email, and per client address, in `window`; beyond, silently nothing (the same answer).
    public var resetsPerEmail = 3
    public var resetsPerAddress = 10
    /// Confirmation messages a rider may ask for again in `window`.
    public var confirmationsPerRider = 3
    public var window: Duration = .seconds(60 * 60)

    public init() {}
}
