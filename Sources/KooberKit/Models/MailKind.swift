/// What a queued message is (SPEC.md, "Email"): the raw values are what storage keeps.
public enum MailKind: String, CaseIterable, Sendable {
    /// **Reset your Koober password**, with a link of `AccountLinkPurpose.passwordReset`.
    case passwordReset = "password_reset"
    /// The link that confirms the rider's email (`AccountLinkPurpose.emailConfirmation`).
    case emailConfirmation = "email_confirmation"
    /// **Your Koober receipt**, for a finished ride.
    case receipt
}
