import Foundation
import KooberKit
import PostgresNIO

/// Riders' reports for Koober Ops, on `ride_reports` (its `resolved_at_ms`, migration 16) and `report_replies`
/// (migration 17): each act with its audit row (`PostgresAuditLogRepository.append`) in one transaction. A reply reads
/// its report `FOR SHARE` and a resolve updates it only while it is open, so a reply and a resolve at once take turns
/// (the reply lands before the resolve, or is refused after it), and of two resolves the second, waiting for the
/// first's row, finds it resolved and changes nothing.
public struct PostgresReportRepository: ReportRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// One seek in `ride_reports_open` from the cursor, in the list's order.
    public func openReports(after: ReportListCursor?, limit: Int) async throws -> [ReportSummary] {
        try await database.query(
            """
            SELECT p.ride_id, p.category, p.text, p.reported_at_ms, p.resolved_at_ms, u.id AS user_id, u.name, u.email
            FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id JOIN users AS u ON u.id = r.user_id
            WHERE p.resolved_at_ms IS NULL
              AND (p.reported_at_ms, p.ride_id) > (\(after?.milliseconds ?? .min), \(after?.rideID.rawValue ?? .min))
            ORDER BY p.reported_at_ms, p.ride_id LIMIT \(Int64(max(0, limit)))
            """
        )
        .map(Self.summary(from:))
    }

    /// One seek in `ride_reports_resolved`, backwards from the cursor.
    public func resolvedReports(after: ReportListCursor?, limit: Int) async throws -> [ReportSummary] {
        try await database.query(
            """
            SELECT p.ride_id, p.category, p.text, p.reported_at_ms, p.resolved_at_ms, u.id AS user_id, u.name, u.email
            FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id JOIN users AS u ON u.id = r.user_id
            WHERE p.resolved_at_ms IS NOT NULL
              AND (p.resolved_at_ms, p.ride_id) < (\(after?.milliseconds ?? .max), \(after?.rideID.rawValue ?? .max))
            ORDER BY p.resolved_at_ms DESC, p.ride_id DESC LIMIT \(Int64(max(0, limit)))
            """
        )
        .map(Self.summary(from:))
    }

    /// The report, its replies and the rider's earlier reports in one transaction, `REPEATABLE READ`: one snapshot.
    public func report(rideID: RideID) async throws -> ReportDetail? {
        try await database.transaction { transaction in
            try await transaction.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            guard
                let summary = try await transaction.query(
                    """
                    SELECT p.ride_id, p.category, p.text, p.reported_at_ms, p.resolved_at_ms, u.id AS user_id, u.name,
                        u.email
                    FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id JOIN users AS u ON u.id = r.user_id
                    WHERE p.ride_id = \(rideID.rawValue)
                    """
                )
                .first.map(Self.summary(from:))
            else { return nil }
            let earlier = try await transaction.query(
                """
                SELECT p.ride_id, p.category, p.text, p.reported_at_ms
                FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id
                WHERE r.user_id = \(summary.rider.id.rawValue)
                  AND (p.reported_at_ms, p.ride_id)
                    < (\(PostgresTime.milliseconds(summary.report.reportedAt)), \(rideID.rawValue))
                ORDER BY p.reported_at_ms DESC, p.ride_id DESC LIMIT \(Int64(ReportDetail.earlierLimit))
                """
            )
            .map { row in
                RiderReport(
                    rideID: RideID(try row.makeRandomAccess()["ride_id"].decode(Int64.self)),
                    report: try Self.report(from: row))
            }
            return ReportDetail(
                summary: summary, replies: try await Self.replies(rideID: rideID, in: transaction),
                earlierReports: earlier)
        }
    }

    /// A ride's replies, oldest first (`report_replies_by_ride`): for a report's page and the ride's receipt
    /// (`PostgresRideFeedbackRepository.feedback`).
    static func replies(rideID: RideID, in transaction: PostgresTransaction) async throws -> [ReportReply] {
        try await transaction.query(repliesQuery(rideID)).map(reply(from:))
    }

    static func replies(rideID: RideID, in database: PostgresDatabase) async throws -> [ReportReply] {
        try await database.query(repliesQuery(rideID)).map(reply(from:))
    }

    private static func repliesQuery(_ rideID: RideID) -> PostgresQuery {
        """
        SELECT id, ride_id, staff_id, staff_name, text, replied_at_ms, message_id
        FROM report_replies WHERE ride_id = \(rideID.rawValue) ORDER BY id
        """
    }

    @discardableResult
    public func reply(_ reply: NewReportReply, audit: AuditEntry) async throws -> ReportReply {
        try await database.transaction { transaction in
            let report = try await transaction.query(
                """
                SELECT p.resolved_at_ms, r.user_id FROM ride_reports AS p JOIN rides AS r ON r.id = p.ride_id
                WHERE p.ride_id = \(reply.rideID.rawValue) FOR SHARE OF p
                """
            )
            guard let row = report.first else { throw ReportRepositoryError.noSuchReport }
            let (resolvedAt, userID) = try row.decode((Int64?, Int64).self)
            guard resolvedAt == nil else { throw ReportRepositoryError.alreadyResolved }
            let stored = try await transaction.query(
                """
                INSERT INTO report_replies (ride_id, staff_id, staff_name, text, replied_at_ms, message_id)
                VALUES (\(reply.rideID.rawValue), \(reply.staffID.rawValue), \(reply.staffName), \(reply.text), \
                \(PostgresTime.milliseconds(reply.repliedAt)), \(reply.mail.messageID))
                RETURNING id, ride_id, staff_id, staff_name, text, replied_at_ms, message_id
                """
            )
            try await PostgresMailQueue.queue(
                reply.mail, for: UserID(userID), at: reply.repliedAt, onlyIfConfirmed: true, in: transaction)
            try await PostgresAuditLogRepository.append(audit, in: transaction)
            guard let inserted = stored.first else {
                throw PostgresStoreError.invalidValue("report_replies: the reply just stored is not there")
            }
            return try Self.reply(from: inserted)
        }
    }

    public func resolve(rideID: RideID, audit: AuditEntry) async throws {
        try await database.transaction { transaction in
            let resolved = try await transaction.query(
                """
                UPDATE ride_reports SET resolved_at_ms = \(PostgresTime.milliseconds(audit.at))
                WHERE ride_id = \(rideID.rawValue) AND resolved_at_ms IS NULL
                RETURNING 1
                """
            )
            guard resolved.count == 1 else {
                let exists = try await transaction.query(
                    "SELECT 1 FROM ride_reports WHERE ride_id = \(rideID.rawValue)")
                throw exists.isEmpty ? ReportRepositoryError.noSuchReport : .alreadyResolved
            }
            try await PostgresAuditLogRepository.append(audit, in: transaction)
        }
    }

    private static func reply(from row: PostgresRow) throws -> ReportReply {
        let (id, rideID, staffID, staffName, text, repliedAt, messageID) = try row.decode(
            (Int64, Int64, Int64, String, String, Int64, String).self)
        return ReportReply(
            id: ReportReplyID(id), rideID: RideID(rideID), text: text,
            repliedAt: PostgresTime.date(milliseconds: repliedAt), staffID: StaffID(staffID), staffName: staffName,
            messageID: messageID)
    }

    private static func summary(from row: PostgresRow) throws -> ReportSummary {
        let columns = row.makeRandomAccess()
        return ReportSummary(
            rideID: RideID(try columns["ride_id"].decode(Int64.self)), report: try report(from: row),
            resolvedAt: try columns["resolved_at_ms"].decode(Int64?.self).map(PostgresTime.date(milliseconds:)),
            rider: ReportRider(
                id: UserID(try columns["user_id"].decode(Int64.self)), name: try columns["name"].decode(String.self),
                email: try columns["email"].decode(String.self)))
    }

    private static func report(from row: PostgresRow) throws -> ProblemReport {
        let columns = row.makeRandomAccess()
        let category = try columns["category"].decode(String.self)
        guard let problemCategory = ProblemCategory(rawValue: category) else {
            throw PostgresStoreError.invalidValue("ride_reports.category \(category) is not a problem category")
        }
        return ProblemReport(
            category: problemCategory, text: try columns["text"].decode(String.self),
            reportedAt: PostgresTime.date(milliseconds: try columns["reported_at_ms"].decode(Int64.self)))
    }
}
