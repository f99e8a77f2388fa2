/// Why a staff member was not added; nothing was stored.
public enum AddStaffMemberError: Error, Equatable, Sendable {
    /// What is wrong with each field given.
    case invalid([StaffField: FieldProblem])
    /// The email is an enrolled member's: `koober staff remove` them first to enrol them again.
    case alreadyEnrolled
}
