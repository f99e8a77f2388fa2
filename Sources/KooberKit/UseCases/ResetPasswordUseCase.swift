import Foundation

/// The reset link's page: while the link is valid, sets the new password, ends every session and token of the
/// account (SPEC.md, "Ending access is final": `signal` hears of it), and signs this browser in at the credentials'
/// new version. Throws a `ResetPasswordError`, and then changes nothing, but for `.accountLocked`.
public struct ResetPasswordUseCase: Sendable {
    let token: String
    let newPassword: String
    let now: Date
    let linkRepository: any AccountLinkRepository
    let passwordHasher: any PasswordHasher
    let sessionStarter: SessionStarter
    let signal: any SessionEndSignal

    public init(
        token: String, newPassword: String, now: Date, linkRepository: any AccountLinkRepository,
        sessionRepository: any UserSessionRepository, passwordHasher: any PasswordHasher, sessionPolicy: SessionPolicy,
        signal: any SessionEndSignal
    ) {
        self.token = token
        self.newPassword = newPassword
        self.now = now
        self.linkRepository = linkRepository
        self.passwordHasher = passwordHasher
        sessionStarter = SessionStarter(sessionRepository: sessionRepository, policy: sessionPolicy)
        self.signal = signal
    }

    /// Whether the link is valid now (the page shows the form, or **Link Expired**).
    public func isLinkValid() async throws -> Bool {
        try await validLinkHash() != nil
    }

    public func run() async throws -> StartedSession {
        guard let hash = try await validLinkHash() else { throw ResetPasswordError.linkExpired }
        let problems = SignUpValidation.passwordProblems(newPassword, field: .newPassword)
        guard problems.isEmpty else { throw ResetPasswordError.invalid(problems) }
        let passwordHash = try await passwordHasher.hash(newPassword)
        guard
            let credentials = try await linkRepository.resetPassword(
                tokenHash: hash, passwordHash: passwordHash, at: now)
        else { throw ResetPasswordError.linkExpired }
        signal.sessionsEnded(of: credentials.profile.id)
        do {
            return try await sessionStarter.start(
                for: credentials.profile, credentialVersion: credentials.credentialVersion, now: now)
        } catch UserSessionRepositoryError.accountLocked {
            throw ResetPasswordError.accountLocked
        }
    }

    /// The token's hash while it is a valid reset link.
    private func validLinkHash() async throws -> SessionTokenHash? {
        guard let hash = SessionToken(wellFormed: token)?.hash,
            try await linkRepository.user(of: .passwordReset, tokenHash: hash, at: now) != nil
        else { return nil }
        return hash
    }
}
