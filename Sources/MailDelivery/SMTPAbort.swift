/// Why a batch stops short: every message not yet settled gets `result` (a lost connection, a deadline passed, a
/// reply that cannot be parsed, a refused handshake).
struct SMTPAbort: Error, Sendable {
    let result: MailDeliveryResult

    static func retryLater(_ reason: String) -> SMTPAbort {
        SMTPAbort(result: .retryLater(reason))
    }

    /// 4xx: retry later, 5xx: rejected; the reply's text with what it answered.
    static func refused(_ reply: SMTPReply, answering what: String) -> SMTPAbort {
        let reason = "\(what): \(reply.summary)"
        return SMTPAbort(result: reply.isPermanentFailure ? .rejected(reason) : .retryLater(reason))
    }
}
