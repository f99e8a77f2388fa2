import Foundation

/// One row of the audit log as it is written, in the transaction of the action it records: when, who (the member's id,
/// email, name and role *as they were*, copied into the row so that it names them after they are removed), what, to
/// what, and why. Nothing in Koober changes or deletes one once written.
public struct AuditEntry: Equatable, Sendable {
    /// The reason's limit, where an action takes one (**Reason**): 500 characters.
    public static let reasonLimit = FieldLimit(maximum: 500, unit: .characters)

    public let at: Date
    public let staffID: StaffID
    public let staffEmail: String
    public let staffName: String
    public let staffRole: StaffRole
    public let action: AuditAction
    public let target: AuditTarget
    /// The reason the member gave, for the actions that ask one.
    public let reason: String?

    /// What `member` did at `now`.
    public init(by member: StaffMember, _ action: AuditAction, target: AuditTarget, reason: String? = nil, at now: Date)
    {
        self.init(
            at: now, staffID: member.id, staffEmail: member.email, staffName: member.name, staffRole: member.role,
            action: action, target: target, reason: reason)
    }

    /// A row as stored.
    public init(
        at: Date, staffID: StaffID, staffEmail: String, staffName: String, staffRole: StaffRole, action: AuditAction,
        target: AuditTarget, reason: String?
    ) {
        self.at = at
        self.staffID = staffID
        self.staffEmail = staffEmail
        self.staffName = staffName
        self.staffRole = staffRole
        self.action = action
        self.target = target
        self.reason = reason
    }
}
