import Foundation

/// Signs a rider in with email and password.
///
/// Every failure looks the same to the visitor and costs the same: an unknown email is checked against a
/// stand-in hash, so the answer's timing does not tell whether the email is registered. Throws a `SignInError` for
/// what the visitor is told; anything else it throws broke (storage, the password hasher).
public struct SignInUseCase: Sendable {
    let email: String
    let password: String
    /// Where the attempt comes from (`ClientAddress` on the web): failures are counted per email and address.
    let clientAddress: String
    let now: Date
    let userRepository: any UserRepository
    let failureRepository: any SignInFailureRepository
    let passwordHasher: any PasswordHasher
    /// A hash of no one's password, verified when the email is unknown.
    let standInHash: String
    let throttle: SignInThrottlePolicy
    let attemptGate: SignInAttemptGate
    let sessionStarter: SessionStarter

    public init(
        email: String,
        password: String,
        clientAddress: String,
        now: Date,
        userRepository: any UserRepository,
        sessionRepository: any UserSessionRepository,
        failureRepository: any SignInFailureRepository,
        passwordHasher: any PasswordHasher,
        standInHash: String,
        throttle: SignInThrottlePolicy,
        attemptGate: SignInAttemptGate,
        sessionPolicy: SessionPolicy
    ) {
        self.email = EmailAddress.normalize(email)
        self.password = password
        self.clientAddress = clientAddress
        self.now = now
        self.userRepository = userRepository
        self.failureRepository = failureRepository
        self.passwordHasher = passwordHasher
        self.standInHash = standInHash
        self.throttle = throttle
        self.attemptGate = attemptGate
        self.sessionStarter = SessionStarter(sessionRepository: sessionRepository, policy: sessionPolicy)
    }

    public func run() async throws -> StartedSession {
        let tooLong = [("email", email, FieldLimit.email), ("password", password, FieldLimit.password)]
            .compactMap { field, value, limit in limit.problem(with: value).map { (field, $0) } }
        guard tooLong.isEmpty else { throw SignInError.tooLong(fieldErrors: Dictionary(uniqueKeysWithValues: tooLong)) }
        return try await attemptGate.withExclusiveAttempt(for: email, from: clientAddress) { try await attempt() }
    }

    private func attempt() async throws -> StartedSession {
        if try await isThrottled() { throw SignInError.throttled }
        let credentials = email.isEmpty ? nil : try await userRepository.credentials(forEmail: email)
        let matches = try await passwordHasher.verify(password, against: credentials?.passwordHash ?? standInHash)
        guard let credentials, matches, !password.isEmpty else {
            if !email.isEmpty {
                try await failureRepository.recordFailure(email: email, address: clientAddress, at: now)
                try await failureRepository.deleteFailures(before: now - throttle.window - throttle.lockout)
            }
            throw SignInError.failed
        }
        try await failureRepository.clearFailures(email: email, address: clientAddress)
        return try await sessionStarter.start(for: credentials.profile, now: now)
    }

    /// Locked out for `lockout` after the failure that made a scope's maximum within `window`, in any of the
    /// attempt's scopes (`SignInThrottlePolicy`).
    private func isThrottled() async throws -> Bool {
        guard !email.isEmpty else { return false }
        for scope in SignInFailureScope.all(email: email, address: clientAddress) {
            if try await isLockedOut(scope) { return true }
        }
        return false
    }

    private func isLockedOut(_ scope: SignInFailureScope) async throws -> Bool {
        guard let last = try await failureRepository.lastFailure(scope), now < last + throttle.lockout else {
            return false
        }
        return try await failureRepository.failureCount(scope, since: last - throttle.window)
            >= throttle.maximumFailures(for: scope)
    }
}
