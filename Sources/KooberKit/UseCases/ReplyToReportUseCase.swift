import Foundation

/// **Reply** to a rider's report (SPEC.md, "Koober Ops", **Reports**): 1 to 2,000 characters (`ReportReply.textLimit`,
/// trimmed, its bytes counted first on the text as sent), stored in one transaction with the mail **Koober replied to
/// your report** to the rider and the audit row `repliedToReport` (target the report, no reason: the reply itself is
/// kept, with who wrote it). The reply shows on the ride's receipt under **Koober replied**; a report may have several.
///
/// Throws a `ReportError` (`notAllowed`, `reply(_)`, `noSuchReport`, `alreadyResolved`), and then writes nothing.
public struct ReplyToReportUseCase: Sendable {
    let rideID: RideID
    let text: String
    let member: StaffMember
    let now: Date
    let reports: any ReportRepository

    public init(rideID: RideID, text: String, member: StaffMember, now: Date, reports: any ReportRepository) {
        self.rideID = rideID
        self.text = text
        self.member = member
        self.now = now
        self.reports = reports
    }

    @discardableResult
    public func run() async throws -> ReportReply {
        guard member.role.permits(.reports) else { throw ReportError.notAllowed }
        let text = try Self.checked(text)
        let reply = NewReportReply(
            rideID: rideID, text: text, repliedAt: now, staffID: member.id, staffName: member.name,
            mail: .reportReply(of: rideID))
        do {
            return try await reports.reply(
                reply, audit: AuditEntry(by: member, .repliedToReport, target: .report(rideID), at: now))
        } catch let error as ReportRepositoryError {
            throw error == .alreadyResolved ? ReportError.alreadyResolved : .noSuchReport
        }
    }

    /// The reply as stored: trimmed, 1 to 2,000 characters, at most 16,000 bytes.
    static func checked(_ text: String) throws -> String {
        let limit = ReportReply.textLimit
        if let problem = limit.problem(withBytesOf: text) { throw ReportError.reply(problem) }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ReportError.reply(.missing) }
        if let problem = limit.problem(with: trimmed) { throw ReportError.reply(problem) }
        return trimmed
    }
}
