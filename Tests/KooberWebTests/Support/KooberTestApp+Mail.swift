import Foundation
import KooberKit
import KooberTestSupport

/// A message the app queued, as a test reads it from the outbox.
struct QueuedMail: Equatable {
    let kind: MailKind
    let to: String
    let token: String?
}

extension KooberTestApp {
    /// The messages queued since the last look (due by the test clock), oldest first; each is then marked sent, so the
    /// next look sees only newer ones.
    func mailed() async throws -> [QueuedMail] {
        let outbox = container.services.outbox
        let now = clock.now
        let due = try await outbox.claimDue(at: now, limit: 1000, leaseUntil: now + 24 * 60 * 60)
        try await outbox.markSent(due.map(\.claim))
        return due.map { QueuedMail(kind: $0.mail.kind, to: $0.recipient.email, token: $0.mail.token) }
    }

    /// The token of the one message of `kind` queued since the last look.
    func mailedToken(_ kind: MailKind) async throws -> String? {
        let tokens = try await mailed().filter { $0.kind == kind }.compactMap(\.token)
        return tokens.count == 1 ? tokens[0] : nil
    }
}
