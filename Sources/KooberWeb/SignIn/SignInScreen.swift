import HTTPServer
import KooberKit
import NIOHTTP1

/// Sign In: shows the form and answers its submission.
struct SignInScreen: SignInIxResponder {
    let templates: TemplateRenderer
    let csrfToken: String
    let signInUseCaseFactory: any SignInUseCaseFactory
    let sessionCookie: SessionCookie
    let csrfProtection: CSRFProtection

    func show() -> Response {
        templates.response(.signIn, SignInViewState(csrfToken: csrfToken))
    }

    func signIn(email: String, password: String) async throws -> Response {
        switch try await signInUseCaseFactory.makeSignInUseCase(email: email, password: password).run() {
        case .success(let started):
            return sessionCookie.redirectSignedIn(started, csrfProtection: csrfProtection)
        case .failure(let error):
            let state = SignInViewState(csrfToken: csrfToken, email: email, error: error.errorMessage)
            return templates.response(
                .signIn, state, status: error == .throttled ? .tooManyRequests : .unprocessableEntity
            )
        }
    }
}
