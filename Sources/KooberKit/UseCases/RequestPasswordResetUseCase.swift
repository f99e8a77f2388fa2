import Foundation

/// Forgot Password (SPEC.md, "Email"; OWASP's Forgot Password cheat sheet): mails a reset link to the account with
/// this email, if there is one, and answers the same either way, doing the same reads and writes up to the last one.
/// Requests are counted per client address and per email (`AccountLinkPolicy`); beyond, silently nothing. The link
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
        let addressAllowed = try await quota.take(
            "reset-address:\(clientAddress)", limit: policy.resetsPerAddress, window: policy.window, at: now)
        let emailAllowed = try await quota.take(
            "reset-email:\(email)", limit: policy.resetsPerEmail, window: policy.window, at: now)
        let credentials = try await userRepository.credentials(forEmail: email)
        guard addressAllowed, emailAllowed, let credentials else { return }
        let link = AccountLinkIssue(purpose: .passwordReset, now: now, lifetime: policy.passwordResetLifetime)
        try await linkRepository.issue(link, for: credentials.profile.id)
    }
}
