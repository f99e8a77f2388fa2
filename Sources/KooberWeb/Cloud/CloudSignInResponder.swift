import HTTPServer
import KooberKit
import NIOCore

/// `POST /login` and `POST /signUp`: Sign In and Sign Up for the app, through the pages' own use cases (the same
/// rules, throttles and hashing queue), each starting a Koober Cloud token (`SessionPolicy.api`) where the pages start
/// a browser's session; and `POST /api/v1/password/forgot`, Forgot Password's twin.
struct CloudSignInResponder {
    /// The words of the language the caller's `Accept-Language` asks for: the answers' messages are in it.
    let words: Words
    let signInUseCaseFactory: any SignInUseCaseFactory
    let signUpUseCaseFactory: any SignUpUseCaseFactory
    let accountLinkUseCaseFactory: any AccountLinkUseCaseFactory
    let links: CloudLinks
    let throttlePolicy: SignInThrottlePolicy
    let signUpThrottlePolicy: SignUpThrottlePolicy

    /// `credentials` are the request's Basic ones, `nil` when it had none it could read.
    func logIn(credentials: (email: String, password: String)?) async throws -> Response {
        guard let credentials else { throw CloudError.signInFailed(SignInError.failed.errorMessage(words)) }
        do {
            let started = try await signInUseCaseFactory.makeSignInUseCase(
                email: credentials.email, password: credentials.password
            ).run()
            return try payload(started)
        } catch let error as SignInError {
            switch error {
            case .failed, .accountLocked: throw CloudError.signInFailed(error.errorMessage(words))
            case .throttled:
                throw CloudError.throttled(
                    error.errorMessage(words), retryAfterSeconds: Int(throttlePolicy.lockout.components.seconds))
            case .invalid: throw CloudError.rejected(error.errorMessage(words))
            }
        }
    }

    func signUp(body: ByteBuffer) async throws -> Response {
        let account = try CloudJSON.decode(CloudNewAccount.self, from: body).account
        do {
            return try payload(try await signUpUseCaseFactory.makeSignUpUseCase(account: account).run())
        } catch let error as SignUpError {
            let message = error.errorMessage(words, naming: CloudNewAccount.key(for:))
            switch error {
            case .throttled:
                throw CloudError.throttled(
                    message, retryAfterSeconds: Int(signUpThrottlePolicy.window.components.seconds))
            case .emailTaken: throw CloudError.rejected(message, status: .conflict)
            case .invalid: throw CloudError.rejected(message)
            }
        }
    }

    /// 202 with **Check Your Email** whatever happened (an unknown email, a throttled one), as the page answers; only
    /// a malformed email is told (422).
    func requestPasswordReset(body: ByteBuffer) async throws -> Response {
        let email = try CloudJSON.decode(CloudForgotPasswordRequest.self, from: body).email
        do {
            try await accountLinkUseCaseFactory.makeRequestPasswordResetUseCase(email: email).run()
            return try CloudJSON.response(CloudNotice(AccountLinkNotice.checkYourEmail(words)), status: .accepted)
        } catch let error as RequestPasswordResetError {
            throw CloudError.rejected(error.errorMessage(words))
        }
    }

    private func payload(_ started: StartedSession) throws -> Response {
        try CloudJSON.response(
            CloudSignInPayload(profile: CloudUserProfile(started.profile, links: links), token: started.token.value))
    }
}
