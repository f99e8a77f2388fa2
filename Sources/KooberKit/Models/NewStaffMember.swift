import Foundation
import Timekeeping

/// A staff member to add (`koober staff add`), with the hash of their enrolment link's token and when it ends: the
/// token itself is printed once and never stored.
public struct NewStaffMember: Equatable, Sendable {
    /// Normalised as riders' emails are.
    public let email: String
    public let name: String
    public let role: StaffRole
    public let enrolmentTokenHash: StaffTokenHash
    public let enrolmentExpiresAt: Date
    public let addedAt: Date

    public init(
        email: String, name: String, role: StaffRole, enrolmentTokenHash: StaffTokenHash, enrolmentExpiresAt: Date,
        addedAt: Date
    ) {
        self.email = EmailAddress.normalize(email)
        self.name = name
        self.role = role
        self.enrolmentTokenHash = enrolmentTokenHash
        self.enrolmentExpiresAt = enrolmentExpiresAt
        self.addedAt = addedAt
    }

    /// A member whose link, for `token`, lives `policy.lifetime` from `now`.
    public init(
        email: String, name: String, role: StaffRole, token: StaffEnrolmentToken, now: Date,
        policy: StaffEnrolmentPolicy = StaffEnrolmentPolicy()
    ) {
        self.init(
            email: email, name: name, role: role, enrolmentTokenHash: token.hash,
            enrolmentExpiresAt: now + policy.lifetime, addedAt: now)
    }
}
