import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing
import Timekeeping

/// Koober Ops' sign-in on the in-memory store with the fake hasher and a virtual clock: password and code, the code's
/// window of one step either side, and a code used once however many sign-ins race with it.
struct StaffSignInUseCaseTests {
    private let enrolledAt = Date(timeIntervalSince1970: 1_764_347_415)
    private let sealer = StaffSecretSealer.withNewKey()
    private let secret = TOTPSecret.generate()

    private struct World {
        let staff = InMemoryStaffRepository()
        let throttle = PasswordThrottle(
            failureRepository: InMemorySignInFailureRepository(), passwordHasher: FakePasswordHasher(),
            standInHash: FakePasswordHasher.fakeHash(of: "stand-in"), policy: SignInThrottlePolicy(),
            attemptGate: SignInAttemptGate())
    }

    private func world() async throws -> World {
        let world = World()
        let token = StaffEnrolmentToken.generate()
        _ = try await world.staff.add(
            NewStaffMember(
                email: "ana@koober.example", name: "Ana", role: .support, token: token, now: enrolledAt))
        _ = try await EnrolStaffMemberUseCase(
            token: token, password: "correct horse battery", secret: secret,
            code: TOTP.code(at: enrolledAt, secret: secret) ?? "", now: enrolledAt, repository: world.staff,
            passwordHasher: FakePasswordHasher(), sealer: sealer
        ).run()
        return world
    }

    private func signIn(
        _ world: World, code: String, at now: Date, address: String = "203.0.113.9",
        password: String = "correct horse battery"
    ) async throws -> StartedStaffSession {
        try await StaffSignInUseCase(
            email: " ANA@koober.example", password: password, code: code, clientAddress: address, now: now,
            repository: world.staff, passwordThrottle: world.throttle, sealer: sealer
        ).run()
    }

    @Test func theNextStepsCodeSignsInAndStartsASessionOfTheMember() async throws {
        let world = try await world()
        let now = enrolledAt + .seconds(30)
        let started = try await signIn(world, code: TOTP.code(at: now, secret: secret) ?? "", at: now)
        #expect(started.member.email == "ana@koober.example")
        let session = try await world.staff.session(
            tokenHash: started.token.hash, at: now, policy: StaffSessionPolicy())
        #expect(session?.member.id == started.member.id)
        #expect(try await world.staff.list().first?.lastSignInAt == now)
    }

    @Test func theEnrolmentsCodeAndOlderOnesAreRefused() async throws {
        let world = try await world()
        await #expect(throws: StaffSignInError.failed) {
            _ = try await signIn(world, code: TOTP.code(at: enrolledAt, secret: secret) ?? "", at: enrolledAt)
        }
    }

    @Test(arguments: [-60, 60, 90])
    func aCodeMoreThanOneStepAwayIsRefused(offset: Int) async throws {
        let world = try await world()
        let now = enrolledAt + .seconds(600)
        let code = TOTP.code(at: now + .seconds(offset), secret: secret) ?? ""
        await #expect(throws: StaffSignInError.failed) { _ = try await signIn(world, code: code, at: now) }
    }

    @Test func aSecretSealedUnderAnotherKeyAcceptsNoCode() async throws {
        let world = try await world()
        let now = enrolledAt + .seconds(30)
        let other = StaffSignInUseCase(
            email: "ana@koober.example", password: "correct horse battery",
            code: TOTP.code(at: now, secret: secret) ?? "", clientAddress: "203.0.113.9", now: now,
            repository: world.staff, passwordThrottle: world.throttle, sealer: .withNewKey())
        await #expect(throws: StaffSignInError.failed) { _ = try await other.run() }
    }

    @Test func ofEightSignInsRacingWithOneCodeOneStartsASession() async throws {
        let world = try await world()
        let now = enrolledAt + .seconds(30)
        let code = TOTP.code(at: now, secret: secret) ?? ""
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for number in 0..<8 {
                group.addTask {
                    (try? await signIn(world, code: code, at: now, address: "203.0.113.\(number)")) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
    }
}
