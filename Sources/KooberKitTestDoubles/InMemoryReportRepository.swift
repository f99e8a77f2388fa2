import Foundation
import KooberKit

/// Riders' reports for Koober Ops in memory, over the rides (where reports, replies and resolutions are kept) and the
/// users (the riders' names): each act checks and changes in one step on the rides' actor, then appends its audit row,
/// so an act refused leaves no row, as the stores' transactions do.
public struct InMemoryReportRepository: ReportRepository {
    private let rides: InMemoryRideRepository
    private let users: InMemoryUserRepository
    private let auditLog: InMemoryAuditLog

    public init(rides: InMemoryRideRepository, users: InMemoryUserRepository, auditLog: InMemoryAuditLog) {
        self.rides = rides
        self.users = users
        self.auditLog = auditLog
    }

    public func openReports(after: ReportListCursor?, limit: Int) async throws -> [ReportSummary] {
        let start = after.map { ($0.milliseconds, $0.rideID.rawValue) } ?? (.min, .min)
        let open = await rides.storedReports()
            .filter { $0.resolvedAt == nil }
            .map { (key: (ReportListCursor.milliseconds(of: $0.report.reportedAt), $0.rideID.rawValue), report: $0) }
            .filter { $0.key > start }
            .sorted { $0.key < $1.key }
        return try await summaries(open.map(\.report), limit: limit)
    }

    public func resolvedReports(after: ReportListCursor?, limit: Int) async throws -> [ReportSummary] {
        let start = after.map { ($0.milliseconds, $0.rideID.rawValue) } ?? (.max, .max)
        let resolved = await rides.storedReports()
            .compactMap { report in
                report.resolvedAt.map {
                    (key: (ReportListCursor.milliseconds(of: $0), report.rideID.rawValue), report: report)
                }
            }
            .filter { $0.key < start }
            .sorted { $0.key > $1.key }
        return try await summaries(resolved.map(\.report), limit: limit)
    }

    public func report(rideID: RideID) async throws -> ReportDetail? {
        let reports = await rides.storedReports()
        guard let stored = reports.first(where: { $0.rideID == rideID }),
            let summary = try await summaries([stored], limit: 1).first
        else { return nil }
        let key = (ReportListCursor.milliseconds(of: stored.report.reportedAt), rideID.rawValue)
        let earlier =
            reports
            .filter {
                $0.userID == stored.userID
                    && (ReportListCursor.milliseconds(of: $0.report.reportedAt), $0.rideID.rawValue) < key
            }
            .sorted { ($0.report.reportedAt, $0.rideID.rawValue) > ($1.report.reportedAt, $1.rideID.rawValue) }
            .prefix(ReportDetail.earlierLimit)
            .map { RiderReport(rideID: $0.rideID, report: $0.report) }
        return ReportDetail(summary: summary, replies: await rides.replies(rideID: rideID), earlierReports: earlier)
    }

    @discardableResult
    public func reply(_ reply: NewReportReply, audit: AuditEntry) async throws -> ReportReply {
        let stored = try await rides.storeReply(reply)
        await auditLog.append(audit)
        return stored
    }

    public func resolve(rideID: RideID, audit: AuditEntry) async throws {
        try await rides.resolveReport(rideID: rideID, at: audit.at)
        await auditLog.append(audit)
    }

    /// The first `limit` of `reports` whose rider is still there, each with the rider's name and email.
    private func summaries(_ reports: [InMemoryRideRepository.StoredReport], limit: Int) async throws
        -> [ReportSummary]
    {
        var summaries: [ReportSummary] = []
        for stored in reports where summaries.count < limit {
            guard let profile = try await users.profile(id: stored.userID) else { continue }
            summaries.append(
                ReportSummary(
                    rideID: stored.rideID, report: stored.report, resolvedAt: stored.resolvedAt,
                    rider: ReportRider(id: profile.id, name: profile.name, email: profile.email)))
        }
        return summaries
    }
}
