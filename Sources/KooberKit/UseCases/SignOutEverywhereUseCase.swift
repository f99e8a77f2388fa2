/// Sign Out Everywhere: ends every session of the rider, this one too; each browser is signed out at its next
/// request.
public struct SignOutEverywhereUseCase: Sendable {
    let userID: UserID
    let sessionRepository: any UserSessionRepository

    public init(userID: UserID, sessionRepository: any UserSessionRepository) {
        self.userID = userID
        self.sessionRepository = sessionRepository
    }

    public func run() async throws {
        try await sessionRepository.deleteAll(userID: userID, keeping: nil)
    }
}
