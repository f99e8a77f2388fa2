import KooberKit

/// The scope of a visitor who is not signed in: Sign In and Sign Up, the mailed links' pages (which a signed-in
/// visitor may use too), and the use cases behind them.
struct KooberOnboardingDependencyContainer: SignInUseCaseFactory, SignUpUseCaseFactory, AccountLinkUseCaseFactory {
    let appContainer: KooberAppDependencyContainer
    /// Where the visitor comes from, for throttling sign-in failures and sign-ups.
    let clientAddress: String
    /// The kind of session signing in starts: a browser's, or a Koober Cloud token.
    let sessionPolicy: SessionPolicy
    /// The pages' templates, in the visitor's language.
    let templates: TemplateRenderer

    private var services: KooberServices { appContainer.services }

    /// `csrfToken`: the visitor's, for the page's form.
    func makeSignInScreen(csrfToken: String) -> SignInScreen {
        SignInScreen(
            templates: templates, csrfToken: csrfToken, signInUseCaseFactory: self,
            sessionCookie: appContainer.makeSessionCookie(), csrfProtection: appContainer.makeCSRFProtection()
        )
    }

    func makeSignUpScreen(csrfToken: String) -> SignUpScreen {
        SignUpScreen(
            templates: templates, csrfToken: csrfToken, signUpUseCaseFactory: self,
            sessionCookie: appContainer.makeSessionCookie(), csrfProtection: appContainer.makeCSRFProtection()
        )
    }

    func makeAccountLinkScreen(csrfToken: String) -> AccountLinkScreen {
        AccountLinkScreen(
            templates: templates, csrfToken: csrfToken, useCaseFactory: self,
            sessionCookie: appContainer.makeSessionCookie(), csrfProtection: appContainer.makeCSRFProtection()
        )
    }

    func makeSignInUseCase(email: String, password: String) -> SignInUseCase {
        SignInUseCase(
            email: email, password: password, clientAddress: clientAddress, now: services.now(),
            userRepository: services.userRepository, sessionRepository: services.sessionRepository,
            passwordThrottle: appContainer.passwordThrottle, sessionPolicy: sessionPolicy
        )
    }

    func makeSignUpUseCase(account: NewAccount) -> SignUpUseCase {
        SignUpUseCase(
            account: account, clientAddress: clientAddress, now: services.now(),
            userRepository: services.userRepository, sessionRepository: services.sessionRepository,
            passwordHasher: services.passwordHasher, sessionPolicy: sessionPolicy,
            signUpThrottle: appContainer.services.signUpThrottle, linkPolicy: services.accountLinkPolicy,
            language: templates.language
        )
    }

    func makeRequestPasswordResetUseCase(email: String) -> RequestPasswordResetUseCase {
        RequestPasswordResetUseCase(
            email: email, clientAddress: clientAddress, now: services.now(), userRepository: services.userRepository,
            linkRepository: services.accountLinks, quota: services.requestQuota, policy: services.accountLinkPolicy)
    }

    func makeResetPasswordUseCase(token: String, newPassword: String) -> ResetPasswordUseCase {
        ResetPasswordUseCase(
            token: token, newPassword: newPassword, now: services.now(), linkRepository: services.accountLinks,
            sessionRepository: services.sessionRepository, passwordHasher: services.passwordHasher,
            sessionPolicy: sessionPolicy, signal: appContainer.sessionEnds)
    }

    func makeConfirmEmailUseCase(token: String) -> ConfirmEmailUseCase {
        ConfirmEmailUseCase(token: token, now: services.now(), linkRepository: services.accountLinks)
    }

    /// Koober Cloud's `POST /login`, `POST /signUp` (made with `SessionPolicy.api`) and `POST /api/v1/password/forgot`.
    func makeCloudSignInResponder(links: CloudLinks) -> CloudSignInResponder {
        CloudSignInResponder(
            words: templates.words, signInUseCaseFactory: self, signUpUseCaseFactory: self,
            accountLinkUseCaseFactory: self, links: links,
            throttlePolicy: services.throttlePolicy, signUpThrottlePolicy: SignUpThrottlePolicy())
    }
}
