import HTTPServer
import KooberKit
import NIOHTTP1

/// Sign In: shows the form and answers its submission.
struct SignInScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let signInUseCaseFactory: any SignInUseCaseFactory
    let sessionCookie: SessionCookie
    let csrfProtection: CSRFProtection

    func show() -> Response {
        templates.response(.signIn, SignInViewState(csrfToken: csrfToken, templates.words))
    }

    func signIn(email: String, password: String) async throws -> Response {
        do {
            let started = try await signInUseCaseFactory.makeSignInUseCase(email: email, password: password).run()
            return sessionCookie.redirectSignedIn(started, csrfProtection: csrfProtection)
        } catch let error as SignInError {
            let state = SignInViewState(
                csrfToken: csrfToken, email: email, error: error.errorMessage(templates.words), templates.words)
            return templates.response(
                .signIn, state, status: error == .throttled ? .tooManyRequests : .unprocessableEntity
            )
        }
    }
}
