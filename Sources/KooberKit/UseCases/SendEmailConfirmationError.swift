/// Why **Send Confirmation Email** sent nothing.
public enum SendEmailConfirmationError: Error, Equatable, Sendable {
    /// The email is confirmed already.
    case alreadyConfirmed
    /// The rider asked too often lately (`AccountLinkPolicy.confirmationsPerRider` in its window).
    case throttled
}
