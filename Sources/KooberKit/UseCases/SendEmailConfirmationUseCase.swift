import Foundation

/// **Send Confirmation Email** on My Profile: a new confirmation link (the older ones end), at most
/// `AccountLinkPolicy.confirmationsPerRider` in its window. Throws a `SendEmailConfirmationError`.
public struct SendEmailConfirmationUseCase: Sendable {
    let userID: UserID
    let now: Date
    let linkRepository: any AccountLinkRepository
    let quota: any RequestQuota
    let policy: AccountLinkPolicy

    public init(
        userID: UserID, now: Date, linkRepository: any AccountLinkRepository, quota: any RequestQuota,
        policy: AccountLinkPolicy
    ) {
        self.userID = userID
        self.now = now
        self.linkRepository = linkRepository
        self.quota = quota
        self.policy = policy
    }

    public func run() async throws {
        guard try await !linkRepository.isEmailConfirmed(userID: userID) else {
            throw SendEmailConfirmationError.alreadyConfirmed
        }
        guard
            try await quota.take(
                "confirm-rider:\(userID.rawValue)", limit: policy.confirmationsPerRider, window: policy.window, at: now)
        else { throw SendEmailConfirmationError.throttled }
        let link = AccountLinkIssue(purpose: .emailConfirmation, now: now, lifetime: policy.emailConfirmationLifetime)
        try await linkRepository.issue(link, for: userID)
    }
}
