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
        guard let session = try await sessionRepository.session(tokenHash: token.hash) else { return nil }
        return try await isLive(session) ? session : nil
    }

    /// The live session with its rider's ride state, read together (pick-me-up's page: `SessionRideStateRepository`).
    public func run(readingRideStateFrom repository: any SessionRideStateRepository) async throws -> SessionRideState? {
        guard let read = try await repository.sessionWithRideState(tokenHash: token.hash) else { return nil }
        return try await isLive(read.session) ? read : nil
    }

    /// Whether `session` counts: of the policy's kind and not expired (an expired one is deleted). A live one is
    /// touched when due.
    private func isLive(_ session: UserSession) async throws -> Bool {
        guard session.kind == policy.kind else { return false }
        if policy.isExpired(session, now: now) {
            try await sessionRepository.delete(tokenHash: session.tokenHash)
            return false
        }
        if policy.needsTouch(session, now: now) {
            try await sessionRepository.touch(tokenHash: session.tokenHash, now: now)
        }
        return true
    }
}
