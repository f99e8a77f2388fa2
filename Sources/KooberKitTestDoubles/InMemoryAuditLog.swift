import Foundation
import KooberKit

/// Koober Ops' audit log in memory, answering as the stores do: ids counted up, times to the whole second, newest first.
/// Only the in-memory actions append to it (`append`, after the rest of their change succeeded, in the same step as far
/// as an actor allows); nothing removes a row.
public actor InMemoryAuditLog: AuditLogRepository {
    private var records: [AuditRecord] = []

    public init() {}

    public func entries(staff: StaffID?, target: AuditTarget?, before: AuditEntryID?, limit: Int) async throws
        -> [AuditRecord]
    {
        Array(
            records.reversed().lazy
                .filter { staff == nil || $0.entry.staffID == staff }
                .filter { target == nil || $0.entry.target == target }
                .filter { record in before.map { record.id < $0 } ?? true }
                .prefix(max(0, limit)))
    }

    /// Writes `entry` as the next row.
    func append(_ entry: AuditEntry) {
        let stored = AuditEntry(
            at: entry.at.wholeSeconds, staffID: entry.staffID, staffEmail: entry.staffEmail, staffName: entry.staffName,
            staffRole: entry.staffRole, action: entry.action, target: entry.target, reason: entry.reason)
        records.append(AuditRecord(id: AuditEntryID(Int64(records.count + 1)), entry: stored))
    }
}
