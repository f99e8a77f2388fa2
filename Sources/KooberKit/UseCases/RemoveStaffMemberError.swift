/// Why no staff member was removed.
public enum RemoveStaffMemberError: Error, Equatable, Sendable {
    /// No staff member has this email.
    case noSuchMember
}
