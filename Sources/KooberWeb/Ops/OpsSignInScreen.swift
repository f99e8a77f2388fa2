import HTTPServer
import KooberKit

/// Koober Ops' Sign In: the form, and its answer (SPEC.md, "Koober Ops", **Sign in**).
struct OpsSignInScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let makeSignIn: @Sendable (_ email: String, _ password: String, _ code: String) -> StaffSignInUseCase
    let cookie: StaffSessionCookie
    let csrfProtection: CSRFProtection

    static let failedMessage = ErrorMessage(
        title: "Sign In Failed", message: "Check your email, password and authenticator code, and try again.")

    func show() -> Response {
        templates.response(.opsSignIn, OpsSignInViewState(csrfToken: csrfToken))
    }

    /// On to the dashboard with the new session's cookie (the pre-session id retired, so forms from before go stale);
    /// else **Sign In Failed**, whichever part was wrong.
    func signIn(email: String, password: String, code: String) async throws -> Response {
        do {
            let started = try await makeSignIn(email, password, code).run()
            var response = Response.redirect(to: OpsRoute.dashboard.path)
            response.setCookie(cookie.setting(started.token))
            response.setCookie(csrfProtection.retiringPreSession())
            return response
        } catch let error as StaffSignInError {
            let throttled = error == .throttled
            let state = OpsSignInViewState(
                csrfToken: csrfToken, email: email,
                error: throttled ? SignInError.throttled.errorMessage(templates.words) : Self.failedMessage)
            return templates.response(.opsSignIn, state, status: throttled ? .tooManyRequests : .unprocessableEntity)
        }
    }
}
