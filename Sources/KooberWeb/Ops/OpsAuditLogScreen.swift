import HTTPServer
import KooberKit

/// The audit log (admin; SPEC.md, **Audit Log**): newest first, 50 a page, filtered by staff member or by target.
struct OpsAuditLogScreen {
    static let pageSize = 50
    let templates: TemplateRenderer
    let repository: any AuditLogRepository

    func show(navigation: OpsNavigation, staff: StaffID?, target: AuditTarget?, before: AuditEntryID?) async throws
        -> Response
    {
        // One more than a page: whether there is an older page to link to.
        let records = try await repository.entries(
            staff: staff, target: target, before: before, limit: Self.pageSize + 1)
        let state = OpsAuditLogViewState(
            navigation: navigation, records: Array(records.prefix(Self.pageSize)),
            hasOlder: records.count > Self.pageSize, staff: staff, target: target)
        return templates.response(.opsAuditLog, state)
    }
}

/// The audit log's rows in words, each member and target a link to the log filtered by it.
struct OpsAuditLogViewState: Sendable, Encodable {
    struct Row: Sendable, Encodable {
        let at: String
        let member: String
        let memberPath: String
        let role: String
        let action: String
        let target: String
        let targetPath: String
        let reason: String?
    }

    let navigation: OpsNavigation
    let rows: [Row]
    let hasRows: Bool
    let filter: String?
    let allPath = OpsRoute.auditLog.path
    let olderPath: String?

    init(navigation: OpsNavigation, records: [AuditRecord], hasOlder: Bool, staff: StaffID?, target: AuditTarget?) {
        self.navigation = navigation
        rows = records.map { record in
            let entry = record.entry
            return Row(
                at: PickupTimeText.text(for: entry.at), member: "\(entry.staffName) (\(entry.staffEmail))",
                memberPath: OpsAuditFilter.path(staff: entry.staffID), role: entry.staffRole.rawValue,
                action: Self.words(entry.action), target: Self.words(entry.target),
                targetPath: OpsAuditFilter.path(target: entry.target), reason: entry.reason)
        }
        hasRows = !rows.isEmpty
        filter =
            if let target { "About \(Self.words(target))" } else if let staff {
                "By staff member \(staff.rawValue)"
            } else {
                nil
            }
        olderPath =
            hasOlder ? records.last.map { OpsAuditFilter.path(staff: staff, target: target, before: $0.id) } : nil
    }

    static func words(_ action: AuditAction) -> String {
        switch action {
        case .lookedAtRider: "Looked at the rider"
        case .lockedAccount: "Locked the account"
        case .unlockedAccount: "Unlocked the account"
        case .refunded: "Refunded"
        case .cancelledRide: "Cancelled the ride"
        case .repliedToReport: "Replied to the report"
        case .resolvedReport: "Resolved the report"
        case .tookOutOfService: "Took out of service"
        case .returnedToService: "Returned to service"
        }
    }

    static func words(_ target: AuditTarget) -> String {
        switch target {
        case .rider(let id): "rider \(id.rawValue)"
        case .ride(let id): "ride \(id.rawValue)"
        case .animal(let id): "animal \(id.rawValue)"
        case .report(let id): "the report on ride \(id.rawValue)"
        }
    }
}
