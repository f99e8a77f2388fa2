import Foundation
import KooberKit
import PostgresNIO

/// Koober Ops' audit log in the `audit_log` table (migration 15), which refuses UPDATE, DELETE and TRUNCATE itself
/// (triggers raising an exception). Rows are written only by `append(_:in:)`, in the transaction of the act they record.
public struct PostgresAuditLogRepository: AuditLogRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Keyset pages by id. The filters left out are `NULL` parameters, which the server folds away when it plans the
    /// statement for its values (an unnamed statement's plan is made for them), so each page is one seek in the primary
    /// key, `audit_log_by_staff` or `audit_log_by_target`.
    public func entries(staff: StaffID?, target: AuditTarget?, before: AuditEntryID?, limit: Int) async throws
        -> [AuditRecord]
    {
        let staffID = staff?.rawValue
        let kind = target?.kind.rawValue
        let targetID = target?.id
        return try await database.query(
            """
            SELECT id, at, staff_id, staff_email, staff_name, staff_role, action, target_kind, target_id, reason
            FROM audit_log
            WHERE id < \(before?.rawValue ?? .max)
              AND (\(staffID)::BIGINT IS NULL OR staff_id = \(staffID))
              AND (\(kind)::TEXT IS NULL OR (target_kind = \(kind) AND target_id = \(targetID)))
            ORDER BY id DESC LIMIT \(Int64(max(0, limit)))
            """
        )
        .map(Self.record(from:))
    }

    /// Writes `entry` in the caller's transaction: the row commits with the act, or neither does.
    static func append(_ entry: AuditEntry, in transaction: PostgresTransaction) async throws {
        try await transaction.execute(
            """
            INSERT INTO audit_log (
                at, staff_id, staff_email, staff_name, staff_role, action, target_kind, target_id, reason
            )
            VALUES (
                \(PostgresTime.seconds(entry.at)), \(entry.staffID.rawValue), \(entry.staffEmail), \(entry.staffName),
                \(entry.staffRole.rawValue), \(entry.action.rawValue), \(entry.target.kind.rawValue), \(entry.target.id),
                \(entry.reason)
            )
            """
        )
    }

    private static func record(from row: PostgresRow) throws -> AuditRecord {
        let columns = row.makeRandomAccess()
        let role = try columns["staff_role"].decode(String.self)
        guard let staffRole = StaffRole(rawValue: role) else {
            throw PostgresStoreError.invalidValue("audit_log.staff_role \(role) is not a staff role")
        }
        let action = try columns["action"].decode(String.self)
        guard let auditAction = AuditAction(rawValue: action) else {
            throw PostgresStoreError.invalidValue("audit_log.action \(action) is not an audited action")
        }
        let kind = try columns["target_kind"].decode(String.self)
        guard let targetKind = AuditTarget.Kind(rawValue: kind) else {
            throw PostgresStoreError.invalidValue("audit_log.target_kind \(kind) is not a kind of target")
        }
        return AuditRecord(
            id: AuditEntryID(try columns["id"].decode(Int64.self)),
            entry: AuditEntry(
                at: PostgresTime.date(seconds: try columns["at"].decode(Int64.self)),
                staffID: StaffID(try columns["staff_id"].decode(Int64.self)),
                staffEmail: try columns["staff_email"].decode(String.self),
                staffName: try columns["staff_name"].decode(String.self), staffRole: staffRole, action: auditAction,
                target: AuditTarget(kind: targetKind, id: try columns["target_id"].decode(Int64.self)),
                reason: try columns["reason"].decode(String?.self)))
    }
}
