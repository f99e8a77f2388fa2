import Foundation

/// Signs a rider in with email and password.
///
/// Every failure looks the same to the visitor and costs the same: an unknown email is checked against a
/// stand-in hash, so the answer's timing does not tell whether the email is registered. Throws a `SignInError` for
/// what the visitor is told; anything else it throws broke (storage, the password hasher).
public struct SignInUseCase: Sendable {
    let email: String
    let password: String
    /// Checks the password against the email's, throttled per email and address (`ClientAddress` on the web).
    let passwordCheck: PasswordCheck<StoredCredentials>
    let sessionStarter: SessionStarter

    public init(
        email: String,
        password: String,
        clientAddress: String,
        now: Date,
        userRepository: any UserRepository,
        sessionRepository: any UserSessionRepository,
        passwordThrottle: PasswordThrottle,
        sessionPolicy: SessionPolicy
    ) {
        // An email over its bytes is not even normalised: `run` refuses it before anything reads it.
        self.email = FieldLimit.email.problem(withBytesOf: email) == nil ? EmailAddress.normalize(email) : email
        self.password = password
        passwordCheck = passwordThrottle.check(
            email: self.email, from: clientAddress, at: now, userRepository: userRepository)
        self.sessionStarter = SessionStarter(sessionRepository: sessionRepository, policy: sessionPolicy)
    }

    public func run() async throws -> StartedSession {
        let tooLong: [(AccountField, FieldProblem)] = [
            (.email, email, FieldLimit.email), (.password, password, .password),
        ]
        .compactMap { field, value, limit in limit.problem(with: value).map { (field, $0) } }
        guard tooLong.isEmpty else { throw SignInError.invalid(Dictionary(uniqueKeysWithValues: tooLong)) }
        guard let credentials = try await passwordCheck.verify(password) else { throw SignInError.failed }
        // Told only to whoever knows the password: the lock says nothing about an account to anyone else.
        guard !credentials.isLocked else { throw SignInError.accountLocked }
        do {
            // At the version the password was checked at: a password change, Sign Out Everywhere or the account's
            // deletion that came meanwhile ends this sign-in too.
            return try await sessionStarter.start(
                for: credentials.profile, credentialVersion: credentials.credentialVersion, now: passwordCheck.now)
        } catch UserSessionRepositoryError.accessChanged {
            throw SignInError.failed
        } catch UserSessionRepositoryError.accountLocked {
            // Locked after the password was checked: the lock, stored with its own check, wins.
            throw SignInError.accountLocked
        }
    }
}
