import KooberKit

extension ProfileFormViewState {
    /// **Forgot Password?**: the email to send a reset link to, and the way back to Sign In.
    static func forgotPassword(email: String = "", csrfToken: String, error: ErrorMessage? = nil, _ words: Words)
        -> ProfileFormViewState
    {
        ProfileFormViewState(
            heading: words("forms.forgotPassword"), intro: words("forms.weLlEmailYouA"),
            action: Route.submitForgotPassword.path, button: words("forms.sendResetLink"), buttonClass: "button-dark",
            fields: [
                FormField(
                    id: "forgot-email", name: FormFieldName.account(.email).rawValue, label: words("forms.email"),
                    type: "email",
                    autocomplete: "email", inputmode: "email", value: email, problem: error?.fieldErrors["email"])
            ],
            csrfToken: csrfToken, error: error, backPath: Route.signIn.path, backLabel: words("forms.backToSignIn"))
    }

    /// The reset link's page: **New Password**, with the link's token in a hidden field (never in the form's action).
    static func resetPassword(token: String, csrfToken: String, error: ErrorMessage? = nil, _ words: Words)
        -> ProfileFormViewState
    {
        ProfileFormViewState(
            heading: words("forms.resetPassword"),
            intro: words("forms.chooseANewPasswordEvery"),
            action: Route.submitResetPassword.path, button: words("forms.resetPassword"), buttonClass: "button-dark",
            fields: [.newPassword(problem: error?.fieldErrors["newPassword"], words)],
            hiddenFields: [HiddenField(name: FormFieldName.linkToken.rawValue, value: token)],
            csrfToken: csrfToken, error: error, backPath: Route.signIn.path, backLabel: words("forms.backToSignIn"))
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
    static func checkYourEmail(_ words: Words) -> NoticeViewState {
        NoticeViewState(
            notice: AccountLinkNotice.checkYourEmail(words),
            links: [Link(label: words("forms.backToSignIn"), path: Route.signIn.path)])
    }

    /// A reset link that is used, expired, unknown or superseded: ask for another.
    static func resetLinkExpired(_ words: Words) -> NoticeViewState {
        NoticeViewState(
            notice: ResetPasswordError.linkExpired.errorMessage(words),
            links: [Link(label: words("forms.sendANewLink"), path: Route.forgotPassword.path)])
    }

    /// The new password is set, but Koober Ops has locked the account: no sign-in.
    static func accountLocked(_ words: Words) -> NoticeViewState {
        NoticeViewState(notice: ResetPasswordError.accountLocked.errorMessage(words), links: [])
    }

    /// The confirmation link worked: on to pick-me-up, or to Sign In.
    static func emailConfirmed(signedIn: Bool, _ words: Words) -> NoticeViewState {
        NoticeViewState(
            notice: AccountLinkNotice.emailConfirmed(words),
            links: [signedIn ? Link(label: words("forms.continue"), path: Route.ride.path) : signInLink(words)])
    }

    /// A confirmation link not valid: a new one is sent from My Profile (signed in first).
    static func confirmationLinkExpired(signedIn: Bool, _ words: Words) -> NoticeViewState {
        NoticeViewState(
            notice: ResetPasswordError.linkExpired.errorMessage(words),
            links: [signedIn ? Link(label: words("forms.myProfile"), path: Route.profile.path) : signInLink(words)])
    }

    private static func signInLink(_ words: Words) -> Link {
        Link(label: words("forms.signIn"), path: Route.signIn.path)
    }
}
