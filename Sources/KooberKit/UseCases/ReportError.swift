/// Why a Koober Ops act on a report (list, look, reply, resolve) did nothing; no audit row was written.
public enum ReportError: Error, Equatable, Sendable {
    /// The member's role may not read or answer reports (`StaffPermission.reports`): **Not Allowed**.
    case notAllowed
    /// The ride has no report (or the ride is gone).
    case noSuchReport
    /// **Reply** or **Resolve** on a report that is resolved already: a resolved report is closed.
    case alreadyResolved
    /// The reply's text is missing or over `ReportReply.textLimit`.
    case reply(FieldProblem)
}
