/// Whether the signed-in rider has confirmed their email: My Profile shows **Email not confirmed** and
/// **Send Confirmation Email** until they have.
public struct LoadEmailConfirmationUseCase: Sendable {
    let userID: UserID
    let linkRepository: any AccountLinkRepository

    public init(userID: UserID, linkRepository: any AccountLinkRepository) {
        self.userID = userID
        self.linkRepository = linkRepository
    }

    public func run() async throws -> Bool {
        try await linkRepository.isEmailConfirmed(userID: userID)
    }
}
