import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Ending access is final (SPEC.md, "Reliability and security"; issue 29): a sign-in whose password was checked
/// before a password change, Sign Out Everywhere or the account's deletion must not leave a session behind that
/// outlives it. The race is ordered by the test, not by luck: the sign-in is held inside its password check while the
/// change happens, then let go.
struct AccessChangeRaceTests {
    enum AccessChange: String, CaseIterable, Sendable {
        case passwordChange, signOutEverywhere, accountDeletion
    }

    @Test(arguments: AccessChange.allCases)
    func aSignInInFlightDuringAnAccessChangeFailsAndLeavesNoSession(change: AccessChange) async throws {
        let users = InMemoryUserRepository()
        let sessions = InMemoryUserSessionRepository(users: users)
        let hasher = GatedPasswordHasher()
        let johnny = try await users.create(
            NewUser(
                name: "Johnny Appleseed", nickname: "Johnny", email: "johnny@gmail.com", mobileNumber: "510-736-8754",
                passwordHash: FakePasswordHasher.fakeHash(of: "password")))
        let signingIn = Task {
            try await outcome(SignInError.self) {
                try await SignInUseCase(
                    email: "johnny@gmail.com", password: "password", clientAddress: "192.0.2.1", now: referenceTime,
                    userRepository: users, sessionRepository: sessions,
                    passwordThrottle: PasswordThrottle(
                        failureRepository: InMemorySignInFailureRepository(), passwordHasher: hasher,
                        standInHash: FakePasswordHasher.standIn, policy: SignInThrottlePolicy(),
                        attemptGate: SignInAttemptGate()), sessionPolicy: SessionPolicy()
                ).run()
            }
        }
        // The sign-in has read the credentials and is checking the (right) password.
        await hasher.verifying(atLeast: 1)

        switch change {
        case .passwordChange:
            // As ChangePasswordUseCase changes it, after its own check.
            try await users.updatePasswordHash(id: johnny.id, passwordHash: FakePasswordHasher.fakeHash(of: "new one"))
            try await sessions.deleteAll(userID: johnny.id, keeping: nil)
        case .signOutEverywhere:
            try await SignOutEverywhereUseCase(
                userID: johnny.id, sessionRepository: sessions, signal: SessionEndSignalSpy()
            ).run()
        case .accountDeletion:
            try await sessions.deleteAll(userID: johnny.id, keeping: nil)
            try await users.delete(id: johnny.id)
        }
        await hasher.open()

        let result = try await signingIn.value
        #expect(result.failure == .failed)
        let left = try await sessions.deleteExpired(
            kind: .web, idleCutoff: .distantFuture, absoluteCutoff: .distantFuture)
        #expect(left == 0)
    }

    /// Without a change in between, the same sign-in signs in: the check above is not refusing everyone.
    @Test func aSignInWithNoAccessChangeMeanwhileSignsIn() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let session = try #require(try await world.signIn().get())
        #expect(try await world.isStored(session.token))
    }
}
