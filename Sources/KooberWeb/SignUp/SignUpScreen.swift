import HTTPServer
import KooberKit
import NIOHTTP1

/// Sign Up: shows the form and answers its submission.
struct SignUpScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let signUpUseCaseFactory: any SignUpUseCaseFactory
    let sessionCookie: SessionCookie
    let csrfProtection: CSRFProtection

    func show() -> Response {
        templates.response(.signUp, SignUpViewState(csrfToken: csrfToken, templates.words))
    }

    func signUp(_ account: NewAccount) async throws -> Response {
        do {
            let started = try await signUpUseCaseFactory.makeSignUpUseCase(account: account).run()
            return sessionCookie.redirectSignedIn(started, csrfProtection: csrfProtection)
        } catch let error as SignUpError {
            let state = SignUpViewState(
                csrfToken: csrfToken, account: account, error: error.errorMessage(templates.words), templates.words)
            return templates.response(
                .signUp, state, status: error == .throttled ? .tooManyRequests : .unprocessableEntity)
        }
    }
}
