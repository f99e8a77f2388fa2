import Foundation
import KooberKit

/// Koober Ops' audit log in the `audit_log` table (migration 19), which refuses UPDATE and DELETE itself (triggers).
/// Rows are written only by `append(_:on:)`, in the transaction of the act they record.
public struct SQLiteAuditLogRepository: AuditLogRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Keyset pages by id: one seek in the primary key, `audit_log_by_staff` or `audit_log_by_target`.
    public func entries(staff: StaffID?, target: AuditTarget?, before: AuditEntryID?, limit: Int) async throws
        -> [AuditRecord]
    {
        var conditions = ["id < ?"]
        var values: [SQLiteValue] = [.integer(before?.rawValue ?? .max)]
        if let staff {
            conditions.append("staff_id = ?")
            values.append(.integer(staff.rawValue))
        }
        if let target {
            conditions.append("target_kind = ? AND target_id = ?")
            values += [.text(target.kind.rawValue), .integer(target.id)]
        }
        values.append(.integer(Int64(max(0, limit))))
        let bindings = values
        let sql = """
            SELECT id, at, staff_id, staff_email, staff_name, staff_role, action, target_kind, target_id, reason
            FROM audit_log WHERE \(conditions.joined(separator: " AND ")) ORDER BY id DESC LIMIT ?
            """
        return try await database.read { connection in
            try connection.query(sql, bindings).map(Self.record(from:))
        }
    }

    /// Writes `entry` on `connection`, in the caller's transaction: the row commits with the act, or neither does.
    static func append(_ entry: AuditEntry, on connection: SQLiteConnection) throws {
        try connection.execute(
            """
            INSERT INTO audit_log (
                at, staff_id, staff_email, staff_name, staff_role, action, target_kind, target_id, reason
            )
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .unixSeconds(entry.at), .integer(entry.staffID.rawValue), .text(entry.staffEmail),
                .text(entry.staffName), .text(entry.staffRole.rawValue), .text(entry.action.rawValue),
                .text(entry.target.kind.rawValue), .integer(entry.target.id),
                entry.reason.map(SQLiteValue.text) ?? .null,
            ]
        )
    }

    private static func record(from row: SQLiteRow) throws -> AuditRecord {
        guard let role = StaffRole(rawValue: try row.string("staff_role")) else {
            throw SQLiteError.invalidValue(column: "staff_role", reason: "not a staff role")
        }
        guard let action = AuditAction(rawValue: try row.string("action")) else {
            throw SQLiteError.invalidValue(column: "action", reason: "not an audited action")
        }
        guard let kind = AuditTarget.Kind(rawValue: try row.string("target_kind")) else {
            throw SQLiteError.invalidValue(column: "target_kind", reason: "not a kind of target")
        }
        return AuditRecord(
            id: AuditEntryID(try row.int64("id")),
            entry: AuditEntry(
                at: try row.date("at"), staffID: StaffID(try row.int64("staff_id")),
                staffEmail: try row.string("staff_email"), staffName: try row.string("staff_name"), staffRole: role,
                action: action, target: AuditTarget(kind: kind, id: try row.int64("target_id")),
                reason: try row.optional("reason", row.string)))
    }
}
