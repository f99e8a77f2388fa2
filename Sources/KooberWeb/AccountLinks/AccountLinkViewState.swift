import KooberKit

extension ProfileFormViewState {
    /// **Forgot Password?**: the email to send a reset link to, and the way back to Sign In.
    static func forgotPassword(email: String = "", csrfToken: String, error: ErrorMessage? = nil)
        -> ProfileFormViewState
    {
        ProfileFormViewState(
            heading: "Forgot Password", intro: "We'll email you a link to choose a new password.",
            action: Route.submitForgotPassword.path, button: "Send Reset Link", buttonClass: "button-dark",
            fields: [
                FormField(
                    id: "forgot-email", name: FormFieldName.account(.email).rawValue, label: "Email", type: "email",
                    autocomplete: "email", inputmode: "email", value: email, problem: error?.fieldErrors["email"])
            ],
            csrfToken: csrfToken, error: error, backPath: Route.signIn.path, backLabel: "Back to Sign In")
    }

    /// The reset link's page: **New Password**, with the link's token in a hidden field (never in the form's action).
    static func resetPassword(token: String, csrfToken: String, error: ErrorMessage? = nil) -> ProfileFormViewState {
        ProfileFormViewState(
            heading: "Reset Password",
            intro: "Choose a new password. Every device signed in to your account is signed out.",
            action: Route.submitResetPassword.path, button: "Reset Password", buttonClass: "button-dark",
            fields: [.newPassword(problem: error?.fieldErrors["newPassword"])],
            hiddenFields: [HiddenField(name: FormFieldName.linkToken.rawValue, value: token)],
            csrfToken: csrfToken, error: error, backPath: Route.signIn.path, backLabel: "Back to Sign In")
    }
}

/// A page that only tells something, with the ways on: **Check Your Email**, **Email Confirmed**, **Link Expired**.
struct NoticeViewState: Sendable, Encodable {
    struct Link: Sendable, Encodable {
        let label: String
        let path: String
    }

    let notice: ErrorMessage
    let links: [Link]

    /// Forgot Password's one answer.
    static let checkYourEmail = NoticeViewState(
        notice: AccountLinkNotice.checkYourEmail, links: [Link(label: "Back to Sign In", path: Route.signIn.path)])

    /// A reset link that is used, expired, unknown or superseded: ask for another.
    static let resetLinkExpired = NoticeViewState(
        notice: ResetPasswordError.linkExpired.errorMessage,
        links: [Link(label: "Send a New Link", path: Route.forgotPassword.path)])

    /// The new password is set, but Koober Ops has locked the account: no sign-in.
    static let accountLocked = NoticeViewState(notice: ResetPasswordError.accountLocked.errorMessage, links: [])

    /// The confirmation link worked: on to pick-me-up, or to Sign In.
    static func emailConfirmed(signedIn: Bool) -> NoticeViewState {
        NoticeViewState(
            notice: AccountLinkNotice.emailConfirmed,
            links: [signedIn ? Link(label: "Continue", path: Route.ride.path) : signInLink])
    }

    /// A confirmation link not valid: a new one is sent from My Profile (signed in first).
    static func confirmationLinkExpired(signedIn: Bool) -> NoticeViewState {
        NoticeViewState(
            notice: ResetPasswordError.linkExpired.errorMessage,
            links: [signedIn ? Link(label: "My Profile", path: Route.profile.path) : signInLink])
    }

    private static let signInLink = Link(label: "Sign In", path: Route.signIn.path)
}
