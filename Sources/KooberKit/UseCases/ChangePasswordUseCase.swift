import Foundation

/// Change Password: with the current password (checked and throttled as Sign In is), sets a new one by the rule of
/// Sign Up, ends every session of the rider (a lost phone is signed out at its next request; `signal` hears of it), and starts a new one
/// for this browser, with a new id. Throws a `ChangePasswordError`, and then changes
/// nothing.
public struct ChangePasswordUseCase: Sendable {
    let userID: UserID
    let currentPassword: String
    let newPassword: String
    let now: Date
    let passwordCheck: PasswordCheck<StoredCredentials>
    let userRepository: any UserRepository
    let sessionRepository: any UserSessionRepository
    let passwordHasher: any PasswordHasher
    let sessionStarter: SessionStarter
    let signal: any SessionEndSignal

    public init(
        profile: UserProfile, currentPassword: String, newPassword: String, clientAddress: String, now: Date,
        userRepository: any UserRepository, sessionRepository: any UserSessionRepository,
        passwordThrottle: PasswordThrottle, sessionPolicy: SessionPolicy, signal: any SessionEndSignal
    ) {
        userID = profile.id
        self.currentPassword = currentPassword
        self.newPassword = newPassword
        self.now = now
        passwordCheck = passwordThrottle.check(profile, from: clientAddress, at: now, userRepository: userRepository)
        self.userRepository = userRepository
        self.sessionRepository = sessionRepository
        self.passwordHasher = passwordThrottle.passwordHasher
        sessionStarter = SessionStarter(sessionRepository: sessionRepository, policy: sessionPolicy)
        self.signal = signal
    }

    public func run() async throws -> StartedSession {
        var problems = SignUpValidation.passwordProblems(newPassword, field: .newPassword)
        problems[.currentPassword] =
            currentPassword.isEmpty ? .missing : FieldLimit.password.problem(with: currentPassword)
        guard problems.isEmpty else { throw ChangePasswordError.invalid(problems) }
        guard
            let credentials = try await passwordCheck.verify(
                currentPassword, throttledAs: ChangePasswordError.throttled),
            credentials.profile.id == userID
        else {
            throw ChangePasswordError.invalid([.currentPassword: .notYourPassword])
        }
        // A lock that came after this form's session was read: the rider's access has ended, so nothing changes.
        guard !credentials.isLocked else { throw ChangePasswordError.accountLocked }
        try await userRepository.updatePasswordHash(
            id: userID, passwordHash: try await passwordHasher.hash(newPassword))
        try await sessionRepository.deleteAll(userID: userID, keeping: nil)
        signal.sessionsEnded(of: userID)
        do {
            return try await sessionStarter.start(for: credentials.profile, now: now)
        } catch UserSessionRepositoryError.accountLocked {
            // Locked between the check and now: the lock's own check on the session wins.
            throw ChangePasswordError.accountLocked
        }
    }
}
