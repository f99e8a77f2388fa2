import KooberKit
import KooberKitTestDoubles
import Testing

/// Storage breaking is not the user's fault: every use case throws the error (the web layer's 500 page) instead of
/// turning it into an error message about the form.
struct StorageFailureTests {
    @Test func signUpThrowsWhenTheUserStoreFails() async throws {
        let users = InMemoryUserRepository()
        let error = await #expect(throws: StorageFailure.self) {
            try await SignUpUseCase(
                account: makeAccount(),
                clientAddress: "192.0.2.1",
                now: referenceTime,
                userRepository: FailingUserRepository(),
                sessionRepository: InMemoryUserSessionRepository(users: users),
                passwordHasher: FakePasswordHasher(),
                sessionPolicy: SessionPolicy(),
                signUpThrottle: SignUpThrottle()
            ).run()
        }
        #expect(error == StorageFailure(operation: "credentials"))
    }

    @Test func signUpThrowsWhenStoringTheUserFailsForAnyReasonButATakenEmail() async throws {
        let users = InMemoryUserRepository()
        await #expect(throws: StorageFailure(operation: "create user")) {
            try await SignUpUseCase(
                account: makeAccount(),
                clientAddress: "192.0.2.1",
                now: referenceTime,
                userRepository: ReadOnlyUserRepository(),
                sessionRepository: InMemoryUserSessionRepository(users: users),
                passwordHasher: FakePasswordHasher(),
                sessionPolicy: SessionPolicy(),
                signUpThrottle: SignUpThrottle()
            ).run()
        }
    }

    @Test func signUpThrowsWhenTheSessionStoreFails() async throws {
        let users = InMemoryUserRepository()
        await #expect(throws: StorageFailure(operation: "delete expired sessions")) {
            try await SignUpUseCase(
                account: makeAccount(),
                clientAddress: "192.0.2.1",
                now: referenceTime,
                userRepository: users,
                sessionRepository: FailingUserSessionRepository(),
                passwordHasher: FakePasswordHasher(),
                sessionPolicy: SessionPolicy(),
                signUpThrottle: SignUpThrottle()
            ).run()
        }
    }

    @Test func signInThrowsWhenTheUserStoreFails() async throws {
        let world = UseCaseWorld()
        await #expect(throws: StorageFailure(operation: "credentials")) {
            try await SignInUseCase(
                email: "johnny@gmail.com",
                password: "password",
                clientAddress: "192.0.2.1",
                now: referenceTime,
                userRepository: FailingUserRepository(),
                sessionRepository: world.sessions,
                passwordThrottle: PasswordThrottle(
                    failureRepository: world.failures, passwordHasher: world.hasher, standInHash: world.standInHash,
                    policy: SignInThrottlePolicy(), attemptGate: SignInAttemptGate()),
                sessionPolicy: SessionPolicy()
            ).run()
        }
    }

    @Test func signInThrowsWhenTheFailureStoreFails() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        await #expect(throws: StorageFailure(operation: "last failure")) {
            try await SignInUseCase(
                email: "johnny@gmail.com",
                password: "password",
                clientAddress: "192.0.2.1",
                now: referenceTime,
                userRepository: world.users,
                sessionRepository: world.sessions,
                passwordThrottle: PasswordThrottle(
                    failureRepository: FailingSignInFailureRepository(), passwordHasher: world.hasher,
                    standInHash: world.standInHash, policy: SignInThrottlePolicy(), attemptGate: SignInAttemptGate()),
                sessionPolicy: SessionPolicy()
            ).run()
        }
    }

    @Test func signInThrowsWhenTheSessionStoreFails() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        await #expect(throws: StorageFailure(operation: "delete expired sessions")) {
            try await SignInUseCase(
                email: "johnny@gmail.com",
                password: "password",
                clientAddress: "192.0.2.1",
                now: referenceTime,
                userRepository: world.users,
                sessionRepository: FailingUserSessionRepository(),
                passwordThrottle: PasswordThrottle(
                    failureRepository: world.failures, passwordHasher: world.hasher, standInHash: world.standInHash,
                    policy: SignInThrottlePolicy(), attemptGate: SignInAttemptGate()),
                sessionPolicy: SessionPolicy()
            ).run()
        }
    }

    @Test func signOutThrowsWhenTheSessionStoreFails() async throws {
        await #expect(throws: StorageFailure(operation: "delete session")) {
            try await SignOutUseCase(
                tokenHash: SessionToken.generate().hash,
                sessionRepository: FailingUserSessionRepository(),
                signal: SessionEndSignalSpy()
            )
            .run()
        }
    }

    @Test func resolvingASessionThrowsWhenTheSessionStoreFails() async throws {
        await #expect(throws: StorageFailure(operation: "session")) {
            try await ResolveUserSessionUseCase(
                token: SessionToken.generate(),
                now: referenceTime,
                sessionRepository: FailingUserSessionRepository(),
                policy: SessionPolicy()
            ).run()
        }
    }

    @Test func loadingAProfileThrowsWhenTheUserStoreFails() async throws {
        await #expect(throws: StorageFailure(operation: "profile")) {
            try await LoadUserProfileUseCase(userID: UserID(1), userRepository: FailingUserRepository()).run()
        }
    }

    @Test func seedingThrowsWhenTheUserStoreFails() async throws {
        await #expect(throws: StorageFailure(operation: "credentials")) {
            try await SeedDemoAccountUseCase(
                userRepository: FailingUserRepository(),
                passwordHasher: FakePasswordHasher()
            )
            .run()
        }
    }
}
