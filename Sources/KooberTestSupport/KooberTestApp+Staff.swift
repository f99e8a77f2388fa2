import Foundation
import KooberKit
import Timekeeping

/// A Koober Ops staff member made for a test: what they sign in with.
public struct TestStaffMember: Sendable {
    public let member: StaffMember
    public let password: String
    public let secret: TOTPSecret

    public var email: String { member.email }

    /// Their authenticator's code at `date` (one step's).
    public func code(at date: Date) -> String {
        TOTP.code(at: date, secret: secret) ?? ""
    }
}

extension KooberTestApp {
    /// A staff member of `role`, added as `koober staff add` adds one and enrolled as the enrolment page enrols, with
    /// the code of the step before now (so that now's code, the one a sign-in types, is still unused).
    public func enrolledStaff(
        _ role: StaffRole, email: String? = nil, password: String = "kangaroo-court-42"
    ) async throws -> TestStaffMember {
        let services = container.services
        let (_, token) = try await AddStaffMemberUseCase(
            email: email ?? "\(role.rawValue)-\(UUID().uuidString.prefix(8))@koober.test",
            name: "Test \(role.rawValue)",
            role: role, now: clock.now, repository: services.staffRepository
        ).run()
        let secret = TOTPSecret.generate()
        let enrolledAt = clock.now - .seconds(TOTP.period)
        let member = try await EnrolStaffMemberUseCase(
            token: token, password: password, secret: secret, code: TOTP.code(at: enrolledAt, secret: secret) ?? "",
            now: enrolledAt, repository: services.staffRepository, passwordHasher: services.passwordHasher,
            sealer: staffSecretSealer
        ).run()
        return TestStaffMember(member: member, password: password, secret: secret)
    }
}
