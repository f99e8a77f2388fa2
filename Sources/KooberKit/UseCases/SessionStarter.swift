import Foundation

/// Begins a session of the policy's kind with a fresh token (never a reused one) and clears out expired ones of that
/// kind while at it.
struct SessionStarter: Sendable {
    let sessionRepository: any UserSessionRepository
    let policy: SessionPolicy

    /// Starts the session only while the credentials are at `credentialVersion` (see `UserSessionRepository.create`).
    func start(for profile: UserProfile, credentialVersion: Int64? = nil, now: Date) async throws -> StartedSession {
        try await sessionRepository.deleteExpired(
            kind: policy.kind, idleCutoff: policy.idleCutoff(now: now),
            absoluteCutoff: policy.absoluteCutoff(now: now)
        )
        let token = SessionToken.generate()
        try await sessionRepository.create(
            tokenHash: token.hash, userID: profile.id, kind: policy.kind, now: now,
            credentialVersion: credentialVersion)
        return StartedSession(token: token, profile: profile)
    }
}
