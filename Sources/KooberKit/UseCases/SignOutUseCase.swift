/// Ends a session on the server: its row is deleted, so the old cookie is worthless from then on, and `signal` hears
/// of it.
public struct SignOutUseCase: Sendable {
    let tokenHash: SessionTokenHash
    let sessionRepository: any UserSessionRepository
    let signal: any SessionEndSignal

    public init(tokenHash: SessionTokenHash, sessionRepository: any UserSessionRepository, signal: any SessionEndSignal)
    {
        self.tokenHash = tokenHash
        self.sessionRepository = sessionRepository
        self.signal = signal
    }

    public func run() async throws {
        try await sessionRepository.delete(tokenHash: tokenHash)
        signal.sessionEnded(tokenHash)
    }
}
