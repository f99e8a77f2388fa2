import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Enrolment at the link, on the in-memory store with the fake hasher: a password of 12 or more, one code of the
/// secret shown, the link once and within its day; what is stored is the hash and the sealed secret.
struct EnrolStaffMemberUseCaseTests {
    private let now = Date(timeIntervalSince1970: 1_764_347_415)
    private let sealer = StaffSecretSealer(keyBytes: StaffSecretSealer.newKeyBytes())!
    private let secret = TOTPSecret.generate()

    private struct World {
        let staff = InMemoryStaffRepository()
        let hasher = FakePasswordHasher()
        let token = StaffEnrolmentToken.generate()
    }

    private func world() async throws -> World {
        let world = World()
        _ = try await world.staff.add(
            NewStaffMember(email: "ana@koober.example", name: "Ana", role: .fleet, token: world.token, now: now))
        return world
    }

    private func enrol(
        _ world: World, password: String = "correct horse battery", code: String? = nil, at time: Date? = nil
    ) async throws -> StaffMember {
        let time = time ?? now
        return try await EnrolStaffMemberUseCase(
            token: world.token, password: password, secret: secret,
            code: code ?? TOTP.code(at: time, secret: secret)!, now: time, repository: world.staff,
            passwordHasher: world.hasher, sealer: sealer
        ).run()
    }

    @Test func enrollingStoresTheHashAndTheSealedSecretAndUsesTheCode() async throws {
        let world = try await world()
        let member = try await enrol(world)
        #expect(member.isEnrolled && member.role == .fleet)
        let credentials = try #require(try await world.staff.credentials(forEmail: "ana@koober.example"))
        #expect(credentials.passwordHash == FakePasswordHasher.fakeHash(of: "correct horse battery"))
        #expect(try sealer.open(credentials.sealedSecret, for: member.id) == secret)
        #expect(credentials.lastTOTPStep == TOTP.step(for: now))
        await #expect(throws: EnrolStaffMemberError.linkNotValid) { _ = try await enrol(world) }
    }

    static let passwords: [(String, FieldProblem)] = [
        ("", .missing), ("eleven char", .tooShort(minimum: 12)),
        (String(repeating: "p", count: 1_025), .tooLong(.password)),
    ]

    @Test(arguments: passwords)
    func aPasswordOfUnderTwelveOrOverItsBytesIsRefused(password: String, problem: FieldProblem) async throws {
        let world = try await world()
        await #expect(throws: EnrolStaffMemberError.password(problem)) {
            _ = try await enrol(world, password: password)
        }
        #expect(try await world.staff.list().map(\.isEnrolled) == [false])
    }

    @Test func aWrongCodeIsRefusedAndTheLinkStillWorks() async throws {
        let world = try await world()
        let wrong = TOTP.code(at: now + 90, secret: secret)!
        for code in [wrong, "12345", "abcdef", ""] {
            await #expect(throws: EnrolStaffMemberError.wrongCode) { _ = try await enrol(world, code: code) }
        }
        #expect(try await enrol(world).isEnrolled)
    }

    @Test func aLinkPastItsDayIsRefused() async throws {
        let world = try await world()
        await #expect(throws: EnrolStaffMemberError.linkNotValid) {
            _ = try await enrol(world, at: now + 24 * 60 * 60)
        }
        #expect(await world.hasher.hashedPasswords.isEmpty)
    }
}
