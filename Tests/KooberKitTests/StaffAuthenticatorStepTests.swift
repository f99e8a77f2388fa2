import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// A staff member's authenticator as sign-in will use it, on the in-memory store: the secret sealed at enrolment and
/// opened again, a code matched by `TOTP.matchingStep`, and its step recorded once, so the same code never works twice.
struct StaffAuthenticatorStepTests {
    private let now = Date(timeIntervalSince1970: 1_764_347_415)
    private let sealer = StaffSecretSealer(keyBytes: StaffSecretSealer.newKeyBytes())!

    /// An enrolled member whose sealed secret is `secret`.
    private func enrolled(with secret: TOTPSecret, in staff: InMemoryStaffRepository) async throws -> StaffMember {
        let token = StaffEnrolmentToken.generate()
        let member = try await staff.add(
            NewStaffMember(email: "ana@koober.example", name: "Ana", role: .support, token: token, now: now))
        let enrolment = StaffEnrolment(
            staffID: member.id, tokenHash: token.hash, passwordHash: "hash",
            sealedSecret: try sealer.seal(secret, for: member.id), now: now)
        #expect(try await staff.enrol(enrolment))
        return member
    }

    @Test func aCodeIsTakenOnceAndAnOlderOneNeverAfterIt() async throws {
        let staff = InMemoryStaffRepository()
        let secret = TOTPSecret.generate()
        let member = try await enrolled(with: secret, in: staff)
        let code = try #require(TOTP.code(at: now, secret: secret).flatMap(TOTPCode.init(typed:)))

        let first = try #require(try await staff.credentials(forEmail: member.email))
        let opened = try sealer.open(first.sealedSecret, for: member.id)
        let step = try #require(TOTP.matchingStep(for: code, secret: opened, at: now, after: first.lastTOTPStep))
        #expect(try await staff.recordTOTPStep(step, staffID: member.id))

        let second = try #require(try await staff.credentials(forEmail: member.email))
        #expect(second.lastTOTPStep == step)
        #expect(TOTP.matchingStep(for: code, secret: opened, at: now + 20, after: second.lastTOTPStep) == nil)
        #expect(try await !staff.recordTOTPStep(step, staffID: member.id))
        // The code of the step before, still within the drift allowed, is older than the one used: refused too.
        let earlier = try #require(TOTP.code(at: now - 30, secret: secret).flatMap(TOTPCode.init(typed:)))
        #expect(TOTP.matchingStep(for: earlier, secret: opened, at: now, after: second.lastTOTPStep) == nil)
        // The next step's code is taken.
        let next = try #require(TOTP.code(at: now + 30, secret: secret).flatMap(TOTPCode.init(typed:)))
        let nextStep = try #require(
            TOTP.matchingStep(for: next, secret: opened, at: now + 30, after: second.lastTOTPStep))
        #expect(nextStep == step + 1)
        #expect(try await staff.recordTOTPStep(nextStep, staffID: member.id))
    }
}
