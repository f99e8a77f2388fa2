import Foundation
import KooberArgon2
import KooberKit
import KooberKitTestDoubles
import Testing

/// The use cases with the real hasher, as the app runs them.
struct Argon2SignInTests {
    private let hasher = Argon2PasswordHasher()
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func signIn(
        email: String, password: String, users: InMemoryUserRepository, standInHash: String
    ) async throws -> StartedSession {
        try await SignInUseCase(
            email: email,
            password: password,
            clientAddress: "192.0.2.1",
            now: now,
            userRepository: users,
            sessionRepository: InMemoryUserSessionRepository(users: users),
            passwordThrottle: PasswordThrottle(
                failureRepository: InMemorySignInFailureRepository(), passwordHasher: hasher, standInHash: standInHash,
                policy: SignInThrottlePolicy(), attemptGate: SignInAttemptGate()),
            sessionPolicy: SessionPolicy()
        ).run()
    }

    @Test func theSeededDemoAccountSignsInWithItsPasswordAndOnlyThat() async throws {
        let users = InMemoryUserRepository()
        try await SeedDemoAccountUseCase(userRepository: users, passwordHasher: hasher).run()
        let standInHash = try await hasher.hash(RandomToken.generate())

        let stored = try #require(try await users.credentials(forEmail: "johnny@gmail.com"))
        #expect(stored.passwordHash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(
            try await signIn(email: "johnny@gmail.com", password: "password", users: users, standInHash: standInHash)
                .profile.name == "Johnny Appleseed")
        await #expect(throws: SignInError.failed) {
            try await signIn(email: "johnny@gmail.com", password: "Password", users: users, standInHash: standInHash)
        }
    }

    @Test func anUnknownEmailFailsAgainstARealStandInHash() async throws {
        let users = InMemoryUserRepository()
        let standInHash = try await hasher.hash(RandomToken.generate())

        await #expect(throws: SignInError.failed) {
            try await signIn(email: "nobody@koober.com", password: "password", users: users, standInHash: standInHash)
        }
    }

    @Test func aSignedUpUserSignsInWithANonASCIIPassword() async throws {
        let users = InMemoryUserRepository()
        let signedUp = try await SignUpUseCase(
            account: NewAccount(
                name: "Zoë Wallaby",
                nickname: "Zoë",
                email: "zoe@koober.com",
                mobileNumber: "0400 000 000",
                password: "Kängurú 🦘 ride"
            ),
            clientAddress: "192.0.2.1", now: now, userRepository: users,
            sessionRepository: InMemoryUserSessionRepository(users: users), passwordHasher: hasher,
            sessionPolicy: SessionPolicy(), signUpThrottle: SignUpThrottle()
        ).run()
        let standInHash = try await hasher.hash(RandomToken.generate())

        let signedIn = try await signIn(
            email: "ZOE@koober.com", password: "Kängurú 🦘 ride", users: users, standInHash: standInHash)

        #expect(signedIn.profile == signedUp.profile)
    }
}
