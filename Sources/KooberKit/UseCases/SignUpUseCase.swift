import Foundation

/// Creates an account from what a visitor typed and signs them in; the message that confirms the email is queued
/// with the account (SPEC.md, "Email").
///
/// Throws the user's errors as a `SignUpError`; anything else it throws is something unexpected that broke (storage),
/// which the web layer turns into the 500 page.
public struct SignUpUseCase: Sendable {
    let account: NewAccount
    /// Where the sign-up comes from (`ClientAddress` on the web), for `signUpThrottle`.
    let clientAddress: String
    let now: Date
    let userRepository: any UserRepository
    let passwordHasher: any PasswordHasher
    let sessionStarter: SessionStarter
    let signUpThrottle: any SignUpThrottling
    let linkPolicy: AccountLinkPolicy
    /// The language of the page the visitor signed up on, kept on the account.
    let language: Language?

    public init(
        account: NewAccount,
        clientAddress: String,
        now: Date,
        userRepository: any UserRepository,
        sessionRepository: any UserSessionRepository,
        passwordHasher: any PasswordHasher,
        sessionPolicy: SessionPolicy,
        signUpThrottle: any SignUpThrottling,
        linkPolicy: AccountLinkPolicy = AccountLinkPolicy(),
        language: Language? = nil
    ) {
        self.linkPolicy = linkPolicy
        self.language = language
        self.account = account
        self.clientAddress = clientAddress
        self.signUpThrottle = signUpThrottle
        self.now = now
        self.userRepository = userRepository
        self.passwordHasher = passwordHasher
        self.sessionStarter = SessionStarter(sessionRepository: sessionRepository, policy: sessionPolicy)
    }

    public func run() async throws -> StartedSession {
        let problems = SignUpValidation.problems(with: account)
        guard problems.isEmpty else { throw SignUpError.invalid(problems) }
        let email = EmailAddress.normalize(account.email)
        if try await userRepository.credentials(forEmail: email) != nil {
            throw SignUpError.emailTaken
        }
        guard try await signUpThrottle.reserve(for: clientAddress, at: now) else {
            throw SignUpError.throttled
        }
        let user = NewUser(
            name: account.name.trimmingCharacters(in: .whitespacesAndNewlines),
            nickname: account.nickname.trimmingCharacters(in: .whitespacesAndNewlines),
            email: email,
            mobileNumber: account.mobileNumber.trimmingCharacters(in: .whitespacesAndNewlines),
            passwordHash: try await hashOrGiveBackThePlace(),
            confirmation: AccountLinkIssue(
                purpose: .emailConfirmation, now: now, lifetime: linkPolicy.emailConfirmationLifetime),
            language: language
        )
        do {
            let profile = try await userRepository.create(user)
            return try await sessionStarter.start(for: profile, now: now)
        } catch UserRepositoryError.emailAlreadyRegistered {
            // Two sign-ups with one email raced past the check above; the database kept one.
            throw SignUpError.emailTaken
        }
    }

    /// The password's hash; if hashing throws (busy, or broken), the sign-up's place in the throttle is given back.
    private func hashOrGiveBackThePlace() async throws -> String {
        do {
            return try await passwordHasher.hash(account.password)
        } catch {
            try? await signUpThrottle.giveBack(for: clientAddress, at: now)
            throw error
        }
    }
}
