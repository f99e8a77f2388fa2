/// Ends a session on the server: its row is deleted, so the old cookie is worthless from then on.
public struct SignOutUseCase: Sendable {
    let tokenHash: SessionTokenHash
    let sessionRepository: any UserSessionRepository

    public init(tokenHash: SessionTokenHash, sessionRepository: any UserSessionRepository) {
        self.tokenHash = tokenHash
        self.sessionRepository = sessionRepository
    }

    public func run() async throws {
        try await sessionRepository.delete(tokenHash: tokenHash)
    }
}
