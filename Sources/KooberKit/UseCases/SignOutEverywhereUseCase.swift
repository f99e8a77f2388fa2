/// Sign Out Everywhere: ends every session of the rider, this one too; each browser is signed out at its next
/// request, and `signal` hears of it.
public struct SignOutEverywhereUseCase: Sendable {
    let userID: UserID
    let sessionRepository: any UserSessionRepository
    let signal: any SessionEndSignal

    public init(userID: UserID, sessionRepository: any UserSessionRepository, signal: any SessionEndSignal) {
        self.userID = userID
        self.sessionRepository = sessionRepository
        self.signal = signal
    }

    public func run() async throws {
        try await sessionRepository.deleteAll(userID: userID, keeping: nil)
        signal.sessionsEnded(of: userID)
    }
}
