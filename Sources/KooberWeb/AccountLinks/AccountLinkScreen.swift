import HTTPServer
import KooberKit
import NIOHTTP1

/// The pages of the mailed links, for anyone (signed in or not): Forgot Password, the reset link's page, and the
/// confirmation link. Their answers never tell whether an account uses an email (SPEC.md, "Email"); the pages whose
/// address or form carries a link's token send no `Referer` (`Route.carriesLinkToken`).
struct AccountLinkScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let useCaseFactory: any AccountLinkUseCaseFactory
    let sessionCookie: SessionCookie
    let csrfProtection: CSRFProtection

    func showForgotPassword() -> Response {
        templates.response(.profileForm, ProfileFormViewState.forgotPassword(csrfToken: csrfToken, templates.words))
    }

    /// **Check Your Email** whatever happened (an unknown email, a throttled one); only a malformed email is told.
    func requestPasswordReset(email: String) async throws -> Response {
        do {
            try await useCaseFactory.makeRequestPasswordResetUseCase(email: email).run()
            return templates.response(.notice, NoticeViewState.checkYourEmail(templates.words))
        } catch let error as RequestPasswordResetError {
            return templates.response(
                .profileForm,
                ProfileFormViewState.forgotPassword(
                    email: email, csrfToken: csrfToken, error: error.errorMessage(templates.words), templates.words),
                status: .unprocessableEntity)
        }
    }

    /// The reset link: its form while the link is valid, else **Link Expired**.
    func showResetPassword(token: String) async throws -> Response {
        guard try await useCaseFactory.makeResetPasswordUseCase(token: token, newPassword: "").isLinkValid() else {
            return linkExpired(.resetLinkExpired(templates.words))
        }
        return templates.response(
            .profileForm, ProfileFormViewState.resetPassword(token: token, csrfToken: csrfToken, templates.words))
    }

    /// Success signs this browser in with a new session and lands on pick-me-up; every other session and token of the
    /// account has ended.
    func resetPassword(token: String, newPassword: String) async throws -> Response {
        do {
            let started = try await useCaseFactory.makeResetPasswordUseCase(token: token, newPassword: newPassword)
                .run()
            return sessionCookie.redirectSignedIn(started, csrfProtection: csrfProtection)
        } catch let error as ResetPasswordError {
            switch error {
            case .linkExpired: return linkExpired(.resetLinkExpired(templates.words))
            case .invalid:
                return templates.response(
                    .profileForm,
                    ProfileFormViewState.resetPassword(
                        token: token, csrfToken: csrfToken, error: error.errorMessage(templates.words), templates.words),
                    status: .unprocessableEntity)
            case .accountLocked:
                return templates.response(.notice, NoticeViewState.accountLocked(templates.words), status: .forbidden)
            }
        }
    }

    /// The confirmation link: **Email Confirmed**, or **Link Expired**; `signedIn` picks the way on.
    func confirmEmail(token: String, signedIn: Bool) async throws -> Response {
        guard try await useCaseFactory.makeConfirmEmailUseCase(token: token).run() else {
            return linkExpired(.confirmationLinkExpired(signedIn: signedIn, templates.words))
        }
        return templates.response(.notice, NoticeViewState.emailConfirmed(signedIn: signedIn, templates.words))
    }

    /// A link that is used, expired, unknown, superseded or forged: 410, it is gone for good.
    private func linkExpired(_ state: NoticeViewState) -> Response {
        templates.response(.notice, state, status: .gone)
    }
}
