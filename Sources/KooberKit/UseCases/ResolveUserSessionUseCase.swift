import Foundation

/// Finds the session a token stands for (a cookie's, or a Koober Cloud bearer token), if it is still alive and of the
/// policy's kind: expired sessions are deleted and count as signed out; a session of the other kind counts as none
/// (and is left alone: it is someone's live token); a live one has its last use recorded (at most every
/// `touchInterval`).
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
        guard let session = try await sessionRepository.session(tokenHash: hash), session.kind == policy.kind else {
            return nil
        }
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
