import KooberKit

/// How the audit log's address names a target to filter by: `target=<kind>:<id>` (`rider:12`, `ride:40`,
/// `animal:3`, `report:40`), printed and read here alone.
public enum OpsAuditFilter {
    public static func text(of target: AuditTarget) -> String {
        "\(target.kind.rawValue):\(target.id)"
    }

    /// The target `text` names, or `nil` for anything else (no filter, never a trap).
    public static func target(parsing text: String) -> AuditTarget? {
        guard text.utf8.count <= 32, let colon = text.firstIndex(of: ":"),
            let kind = AuditTarget.Kind(rawValue: String(text[..<colon])),
            let id = PathCapture.id(digits: text[text.index(after: colon)...])
        else { return nil }
        return AuditTarget(kind: kind, id: id)
    }

    /// The audit log's address with these filters.
    static func path(staff: StaffID? = nil, target: AuditTarget? = nil, before: AuditEntryID? = nil) -> String {
        let query = [
            staff.map { "staff=\($0.rawValue)" }, target.map { "target=\(text(of: $0))" },
            before.map { "before=\($0.rawValue)" },
        ].compactMap { $0 }
        return OpsRoute.auditLog.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
