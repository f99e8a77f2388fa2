import Foundation
import KooberKit

/// Riders' reports for Koober Ops, on `ride_reports` (its `resolved_at_ms`, migration 20) and `report_replies`
/// (migration 21): each act with its audit row (`SQLiteAuditLogRepository.append`) in one write transaction on the one
/// writer, so a row is there exactly when the act is, and of two resolves at once the second finds it resolved.
public struct SQLiteReportRepository: ReportRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// The columns of a listed report and its rider (`summary(from:)` reads them).
    private static let summaryColumns = """
        SELECT p.ride_id, p.category, p.text, p.reported_at_ms, p.resolved_at_ms, u.id AS user_id, u.name, u.email
        FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id JOIN users AS u ON u.id = r.user_id
        """

    /// `ride_reports_open` holds `(reported_at_ms, ride_id)` (the ride's id is the table's rowid), in the list's order.
    public func openReports(after: ReportListCursor?, limit: Int) async throws -> [ReportSummary] {
        let bindings: [SQLiteValue] = [
            .integer(after?.milliseconds ?? .min), .integer(after?.rideID.rawValue ?? .min),
            .integer(Int64(max(0, limit))),
        ]
        return try await database.read { connection in
            try connection.query(
                Self.summaryColumns + """

                    WHERE p.resolved_at_ms IS NULL AND (p.reported_at_ms, p.ride_id) > (?, ?)
                    ORDER BY p.reported_at_ms, p.ride_id LIMIT ?
                    """,
                bindings
            )
            .map(Self.summary(from:))
        }
    }

    public func resolvedReports(after: ReportListCursor?, limit: Int) async throws -> [ReportSummary] {
        let bindings: [SQLiteValue] = [
            .integer(after?.milliseconds ?? .max), .integer(after?.rideID.rawValue ?? .max),
            .integer(Int64(max(0, limit))),
        ]
        return try await database.read { connection in
            try connection.query(
                Self.summaryColumns + """

                    WHERE p.resolved_at_ms IS NOT NULL AND (p.resolved_at_ms, p.ride_id) < (?, ?)
                    ORDER BY p.resolved_at_ms DESC, p.ride_id DESC LIMIT ?
                    """,
                bindings
            )
            .map(Self.summary(from:))
        }
    }

    public func report(rideID: RideID) async throws -> ReportDetail? {
        try await database.read { connection in
            try connection.snapshot { connection in
                guard
                    let summary = try connection.query(
                        Self.summaryColumns + "\nWHERE p.ride_id = ?", [.integer(rideID.rawValue)]
                    )
                    .first.map(Self.summary(from:))
                else { return nil }
                let earlier = try connection.query(
                    """
                    SELECT p.ride_id, p.category, p.text, p.reported_at_ms
                    FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id
                    WHERE r.user_id = ? AND (p.reported_at_ms, p.ride_id) < (?, ?)
                    ORDER BY p.reported_at_ms DESC, p.ride_id DESC LIMIT ?
                    """,
                    [
                        .integer(summary.rider.id.rawValue), .unixMilliseconds(summary.report.reportedAt),
                        .integer(rideID.rawValue), .integer(Int64(ReportDetail.earlierLimit)),
                    ]
                )
                .map { row in RiderReport(rideID: RideID(try row.int64("ride_id")), report: try Self.report(from: row))
                }
                return ReportDetail(
                    summary: summary, replies: try Self.replies(rideID: rideID, on: connection), earlierReports: earlier
                )
            }
        }
    }

    /// A ride's replies, oldest first (`report_replies_by_ride`): for a report's page and the ride's receipt.
    static func replies(rideID: RideID, on connection: SQLiteConnection) throws -> [ReportReply] {
        try connection.query(replyColumns + " WHERE ride_id = ? ORDER BY id", [.integer(rideID.rawValue)])
            .map(reply(from:))
    }

    private static let replyColumns =
        "SELECT id, ride_id, staff_id, staff_name, text, replied_at_ms, message_id FROM report_replies"

    private static func reply(from row: SQLiteRow) throws -> ReportReply {
        ReportReply(
            id: ReportReplyID(try row.int64("id")), rideID: RideID(try row.int64("ride_id")),
            text: try row.string("text"), repliedAt: try row.millisecondsDate("replied_at_ms"),
            staffID: StaffID(try row.int64("staff_id")), staffName: try row.string("staff_name"),
            messageID: try row.string("message_id"))
    }

    @discardableResult
    public func reply(_ reply: NewReportReply, audit: AuditEntry) async throws -> ReportReply {
        try await database.write { connection in
            if let refusal = try Self.refusal(reply.rideID, on: connection) { throw refusal }
            try connection.execute(
                """
                INSERT INTO report_replies (ride_id, staff_id, staff_name, text, replied_at_ms, message_id)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(reply.rideID.rawValue), .integer(reply.staffID.rawValue), .text(reply.staffName),
                    .text(reply.text), .unixMilliseconds(reply.repliedAt), .text(reply.mail.messageID),
                ])
            let id = connection.lastInsertRowID
            try SQLiteAccountLinkRepository.queueIfConfirmed(
                reply.mail, for: .riderOf(reply.rideID), at: reply.repliedAt, on: connection)
            try SQLiteAuditLogRepository.append(audit, on: connection)
            guard let stored = try connection.query(Self.replyColumns + " WHERE id = ?", [.integer(id)]).first else {
                throw SQLiteError.invalidValue(column: "id", reason: "the reply just stored is not there")
            }
            return try Self.reply(from: stored)
        }
    }

    public func resolve(rideID: RideID, audit: AuditEntry) async throws {
        try await database.write { connection in
            let resolved = try connection.execute(
                "UPDATE ride_reports SET resolved_at_ms = ? WHERE ride_id = ? AND resolved_at_ms IS NULL",
                [.unixMilliseconds(audit.at), .integer(rideID.rawValue)])
            guard resolved == 1 else { throw try Self.refusal(rideID, on: connection) ?? .noSuchReport }
            try SQLiteAuditLogRepository.append(audit, on: connection)
        }
    }

    /// Why the ride's report takes no act: `noSuchReport` without one, `alreadyResolved` when it is resolved; `nil`
    /// while it is open.
    private static func refusal(_ rideID: RideID, on connection: SQLiteConnection) throws -> ReportRepositoryError? {
        guard
            let row = try connection.query(
                "SELECT resolved_at_ms FROM ride_reports WHERE ride_id = ?", [.integer(rideID.rawValue)]
            ).first
        else { return .noSuchReport }
        return try row.value("resolved_at_ms") == .null ? nil : .alreadyResolved
    }

    private static func summary(from row: SQLiteRow) throws -> ReportSummary {
        ReportSummary(
            rideID: RideID(try row.int64("ride_id")), report: try report(from: row),
            resolvedAt: try row.optional("resolved_at_ms", row.millisecondsDate),
            rider: ReportRider(
                id: UserID(try row.int64("user_id")), name: try row.string("name"), email: try row.string("email")))
    }

    private static func report(from row: SQLiteRow) throws -> ProblemReport {
        guard let category = ProblemCategory(rawValue: try row.string("category")) else {
            throw SQLiteError.invalidValue(column: "category", reason: "not a problem category")
        }
        return ProblemReport(
            category: category, text: try row.string("text"), reportedAt: try row.millisecondsDate("reported_at_ms"))
    }
}
