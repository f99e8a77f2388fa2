/// An audit log row as read back: the entry with its id, which orders the log (newest first is highest first) and is
/// the cursor of its pages (`AuditLogRepository.entries(staff:target:before:limit:)`).
public struct AuditRecord: Equatable, Sendable {
    public let id: AuditEntryID
    public let entry: AuditEntry

    public init(id: AuditEntryID, entry: AuditEntry) {
        self.id = id
        self.entry = entry
    }
}

/// An audit log row's identity: counted up by the store in the order the rows were written, never reused.
public struct AuditEntryID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    public static func < (lhs: AuditEntryID, rhs: AuditEntryID) -> Bool { lhs.rawValue < rhs.rawValue }
}
