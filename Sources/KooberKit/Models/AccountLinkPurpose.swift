/// What a link mailed to a rider does: the raw values are what storage keeps.
public enum AccountLinkPurpose: String, CaseIterable, Sendable {
    /// `GET /password/reset?token=…`: 30 minutes, used once, superseded by a newer link or a password change.
    case passwordReset = "password_reset"
    /// `GET /email/confirm?token=…`: 7 days, used once, superseded by a newer link.
    case emailConfirmation = "email_confirmation"

    /// The message that carries the link.
    public var mailKind: MailKind {
        switch self {
        case .passwordReset: .passwordReset
        case .emailConfirmation: .emailConfirmation
        }
    }
}
