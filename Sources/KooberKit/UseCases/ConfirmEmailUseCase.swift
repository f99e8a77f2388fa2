import Foundation

/// The confirmation link (`GET /email/confirm?token=…`): a valid one confirms the rider's email and is used up.
public struct ConfirmEmailUseCase: Sendable {
    let token: String
    let now: Date
    let linkRepository: any AccountLinkRepository

    public init(token: String, now: Date, linkRepository: any AccountLinkRepository) {
        self.token = token
        self.now = now
        self.linkRepository = linkRepository
    }

    /// Whether the link was valid (and the email is now confirmed).
    public func run() async throws -> Bool {
        guard let hash = SessionToken(wellFormed: token)?.hash else { return false }
        return try await linkRepository.confirmEmail(tokenHash: hash, at: now) != nil
    }
}
