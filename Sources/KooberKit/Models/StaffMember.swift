import Foundation

/// A Koober Ops staff member as the console and `koober staff list` show them: never a password hash, a secret or a
/// token.
public struct StaffMember: Equatable, Sendable {
    public let id: StaffID
    /// Normalised as riders' emails are (`EmailAddress.normalize`).
    public let email: String
    public let name: String
    public let role: StaffRole
    /// Whether they have chosen a password and an authenticator at their enrolment link.
    public let isEnrolled: Bool
    /// When they last signed in; `nil` before the first time.
    public let lastSignInAt: Date?

    public init(id: StaffID, email: String, name: String, role: StaffRole, isEnrolled: Bool, lastSignInAt: Date?) {
        self.id = id
        self.email = email
        self.name = name
        self.role = role
        self.isEnrolled = isEnrolled
        self.lastSignInAt = lastSignInAt
    }
}
