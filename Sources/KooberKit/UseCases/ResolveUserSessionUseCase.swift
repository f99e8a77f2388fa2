import Foundation

/// Finds the session a cookie's token stands for, if it is still alive: expired sessions are deleted and
/// count as signed out; a live one has its last use recorded (at most every `touchInterval`).
public struct ResolveUserSessionUseCase: Sendable {
    let token: SessionToken
    let now: Date
    let sessionRepository: any UserSessionRepository
    let policy: SessionPolicy

    public init(token: SessionToken, now: Date, sessionRepository: any UserSessionRepository, policy: SessionPolicy) {
        self.token = token
        self.now = now
        self.sessionRepository = sessionRepository
        self.policy = policy
    }

    public func run() async throws -> UserSession? {
        let hash = token.hash
        guard let session = try await sessionRepository.session(tokenHash: hash) else { return nil }
        if policy.isExpired(session, now: now) {
            try await sessionRepository.delete(tokenHash: hash)
            return nil
        }
        if policy.needsTouch(session, now: now) {
            try await sessionRepository.touch(tokenHash: hash, now: now)
        }
        return session
    }
}
