import Foundation

/// Forgot Password (SPEC.md, "Email"; OWASP's Forgot Password cheat sheet): mails a reset link to the account with
/// this email, if there is one, and answers the same either way, after the same reads and writes: for an email without
/// an account, or over its quota, a decoy link and message are written and taken back out in one transaction
/// (`AccountLinkRepository.issueDecoy`), so the answer takes as long (issue 41).
/// Requests are counted per client address and, of those the address's quota lets through, per email
/// (`AccountLinkPolicy`): a throttled address cannot use up a rider's own requests. Beyond, silently nothing. The link
/// and its message are stored in one transaction (`AccountLinkRepository.issue`); no request waits on a mail server.
public struct RequestPasswordResetUseCase: Sendable {
    let email: String
    let clientAddress: String
    let now: Date
    let userRepository: any UserRepository
    let linkRepository: any AccountLinkRepository
    let quota: any RequestQuota
    let policy: AccountLinkPolicy

    public init(
        email: String, clientAddress: String, now: Date, userRepository: any UserRepository,
        linkRepository: any AccountLinkRepository, quota: any RequestQuota, policy: AccountLinkPolicy
    ) {
        self.email = email
        self.clientAddress = clientAddress
        self.now = now
        self.userRepository = userRepository
        self.linkRepository = linkRepository
        self.quota = quota
        self.policy = policy
    }

    /// Returns when the message (if any) is queued; throws `RequestPasswordResetError` for a malformed email only.
    public func run() async throws {
        let problems = SignUpValidation.emailProblems(email)
        guard problems.isEmpty else { throw RequestPasswordResetError.invalid(problems) }
        let email = EmailAddress.normalize(email)
        guard
            try await quota.take(
                "reset-address:\(clientAddress)", limit: policy.resetsPerAddress, window: policy.window, at: now)
        else { return }
        let emailAllowed = try await quota.take(
            "reset-email:\(email)", limit: policy.resetsPerEmail, window: policy.window, at: now)
        let credentials = try await userRepository.credentials(forEmail: email)
        let link = AccountLinkIssue(purpose: .passwordReset, now: now, lifetime: policy.passwordResetLifetime)
        if emailAllowed, let credentials {
            try await linkRepository.issue(link, for: credentials.profile.id)
        } else {
            try await linkRepository.issueDecoy(link)
        }
    }
}
