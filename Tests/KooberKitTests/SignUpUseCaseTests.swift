import KooberKit
import KooberKitTestDoubles
import Testing

struct SignUpUseCaseTests {
    @Test func aValidAccountIsStoredWithTheNormalisedEmailAndOnlyThePasswordHash() async throws {
        let world = UseCaseWorld()
        let account = makeAccount(email: "  Johnny@Gmail.COM ", password: "kangaroo jump")

        let started = try await world.signUp(account).get()

        let stored = try #require(try await world.users.credentials(forEmail: "johnny@gmail.com"))
        #expect(stored.profile.email == "johnny@gmail.com")
        #expect(stored.passwordHash == FakePasswordHasher.fakeHash(of: "kangaroo jump"))
        #expect(!stored.passwordHash.contains("kangaroo jump"))
        #expect(await world.hasher.hashedPasswords == ["kangaroo jump"])
        #expect(started.profile == stored.profile)
    }

    @Test func theStoredNameNicknameAndMobileAreTrimmedButThePasswordIsNot() async throws {
        let world = UseCaseWorld()
        let account = makeAccount(
            name: "  Johnny Appleseed ",
            nickname: "\tJohnny\n",
            mobileNumber: " 510-736-8754 ",
            password: " password "
        )

        let profile = try await world.signUp(account).get().profile

        #expect(profile.name == "Johnny Appleseed")
        #expect(profile.nickname == "Johnny")
        #expect(profile.mobileNumber == "510-736-8754")
        #expect(await world.hasher.hashedPasswords == [" password "])
    }

    @Test func signingUpStartsASessionWhoseTokenHashIsStored() async throws {
        let world = UseCaseWorld()

        let started = try await world.signUp(makeAccount(), at: referenceTime).get()

        let session = try #require(try await world.sessions.session(tokenHash: started.token.hash))
        #expect(session.profile == started.profile)
        #expect(session.createdAt == referenceTime)
        #expect(session.lastSeenAt == referenceTime)
        #expect(started.token.value.count == 43)
        #expect(try await world.sessions.session(tokenHash: SessionTokenHash(hex: started.token.value)) == nil)
    }

    @Test func theNewUserCanSignInWithThePasswordChosen() async throws {
        let world = UseCaseWorld()
        _ = try await world.signUp(makeAccount(email: "joey@koober.com", password: "hop hop hop")).get()

        let signedIn = try await world.signIn(email: "joey@koober.com", password: "hop hop hop").get()
        #expect(signedIn.profile.email == "joey@koober.com")
    }

    @Test func anInvalidAccountFailsWithEveryFieldErrorAndStoresNothing() async throws {
        let world = UseCaseWorld()
        let account = NewAccount(name: "", nickname: "", email: "", mobileNumber: "", password: "")

        let failure = try #require(try await world.signUp(account).failure)

        #expect(
            failure
                == .invalid([
                    .name: .missing, .nickname: .missing, .email: .missing, .mobileNumber: .missing,
                    .password: .missing,
                ])
        )
        #expect(try await world.users.profile(id: UserID(1)) == nil)
        #expect(await world.hasher.hashedPasswords.isEmpty)
    }

    @Test func aShortPasswordFailsOnThePasswordFieldOnly() async throws {
        let world = UseCaseWorld()

        let failure = try #require(try await world.signUp(makeAccount(password: "1234567")).failure)

        #expect(failure == .invalid([.password: .tooShort(minimum: 8)]))
        #expect(try await world.users.credentials(forEmail: "johnny@gmail.com") == nil)
    }

    @Test(arguments: ["johnny@gmail.com", "JOHNNY@Gmail.Com", "  johnny@gmail.com\t"])
    func anEmailAlreadyRegisteredInAnyCaseOrSpacingIsRefused(email: String) async throws {
        let world = UseCaseWorld()
        let existing = try await world.addUser(email: "johnny@gmail.com", password: "original password")

        let failure = try #require(try await world.signUp(makeAccount(email: email, password: "new password")).failure)

        #expect(failure == .emailTaken)
        let stored = try #require(try await world.users.credentials(forEmail: "johnny@gmail.com"))
        #expect(stored.profile == existing)
        #expect(stored.passwordHash == FakePasswordHasher.fakeHash(of: "original password"))
        #expect(await world.hasher.hashedPasswords.isEmpty)
    }

    @Test func anEmailRegisteredByARacingSignUpIsRefusedAsTaken() async throws {
        let users = RacedUserRepository()
        // The sign-up is refused before any session is started.
        let sessions = InMemoryUserSessionRepository(users: InMemoryUserRepository())

        let result = try await outcome(SignUpError.self) {
            try await SignUpUseCase(
                account: makeAccount(), clientAddress: "192.0.2.1",
                now: referenceTime, userRepository: users, sessionRepository: sessions,
                passwordHasher: FakePasswordHasher(), sessionPolicy: SessionPolicy(), signUpThrottle: SignUpThrottle()
            ).run()
        }

        #expect(await users.createAttempts == 1)
        #expect(result.failure == .emailTaken)
    }

    @Test func twoSignUpsGetDifferentUsersAndTokens() async throws {
        let world = UseCaseWorld()

        let first = try await world.signUp(makeAccount(email: "one@koober.com")).get()
        let second = try await world.signUp(makeAccount(email: "two@koober.com")).get()

        #expect(first.profile.id != second.profile.id)
        #expect(first.token != second.token)
    }
}
