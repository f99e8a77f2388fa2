/// Koober Ops' audit log, read side (SPEC.md, "Koober Ops", **Audit Log**). Rows are written only by the stores'
/// actions, each in the transaction of the action it records (`RiderAccountRepository.lock(userID:reason:audit:)` and
/// its siblings), so a row never exists without its action and an action that fails leaves none. Nothing here, or
/// anywhere in Koober, updates or deletes a row; the SQLite and PostgreSQL tables refuse it themselves (triggers).
public protocol AuditLogRepository: Sendable {
    /// At most `limit` rows, newest first, by `staff` and about `target` when given, written before `before` (a row's
    /// id from an earlier page) when given: keyset pages, each one seek in an index whatever the log's length.
    func entries(staff: StaffID?, target: AuditTarget?, before: AuditEntryID?, limit: Int) async throws
        -> [AuditRecord]
}
