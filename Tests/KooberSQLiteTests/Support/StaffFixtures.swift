import Foundation
import KooberKit

/// A sealed secret's bytes as a store keeps them (the contracts do not open it: `StaffSecretSealerTests` do).
let sealedSecret = SealedTOTPSecret(bytes: Array(0..<48))

/// A staff member to add at `time`, with the token of their enrolment link.
func newStaffMember(
    _ email: String = "ana@koober.example", name: String = "Ana Lima", role: StaffRole = .admin,
    at time: Date = referenceTime
) -> (member: NewStaffMember, token: StaffEnrolmentToken) {
    let token = StaffEnrolmentToken.generate()
    return (NewStaffMember(email: email, name: name, role: role, token: token, now: time), token)
}

/// Adds a member at `time` and enrols them at once, with `sealedSecret`.
func enrolledStaffMember(
    _ email: String = "ana@koober.example", role: StaffRole = .admin, in staff: any StaffRepository,
    at time: Date = referenceTime
) async throws -> StaffMember {
    let (member, token) = newStaffMember(email, role: role, at: time)
    let added = try await staff.add(member)
    let enrolment = StaffEnrolment(
        staffID: added.id, tokenHash: token.hash, passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
        sealedSecret: sealedSecret, now: time)
    guard try await staff.enrol(enrolment) else { throw StaffFixtureError.notEnrolled }
    return StaffMember(
        id: added.id, email: added.email, name: added.name, role: added.role, isEnrolled: true, lastSignInAt: nil)
}

enum StaffFixtureError: Error {
    case notEnrolled
}
