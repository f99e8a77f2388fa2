import KooberKit
import KooberKitTestDoubles
import Testing

struct SeedDemoAccountUseCaseTests {
    @Test func theDemoAccountIsJohnnyAppleseedOfTheSpec() {
        let account = SeedDemoAccountUseCase.demoAccount
        #expect(account.name == "Johnny Appleseed")
        #expect(account.email == "johnny@gmail.com")
        #expect(account.mobileNumber == "510-736-8754")
        #expect(account.password == "password")
        #expect(SignUpValidation.problems(with: account).isEmpty)
    }

    @Test func theFirstRunCreatesTheDemoAccountWithAHashedPassword() async throws {
        let world = UseCaseWorld()

        let created = try await SeedDemoAccountUseCase(userRepository: world.users, passwordHasher: world.hasher).run()

        #expect(created)
        let stored = try #require(try await world.users.credentials(forEmail: "johnny@gmail.com"))
        #expect(stored.profile.name == "Johnny Appleseed")
        #expect(stored.profile.nickname == "Johnny")
        #expect(stored.profile.mobileNumber == "510-736-8754")
        #expect(stored.passwordHash == FakePasswordHasher.fakeHash(of: "password"))
    }

    @Test func laterRunsLeaveTheAccountAloneAndReturnFalse() async throws {
        let world = UseCaseWorld()
        let seed = SeedDemoAccountUseCase(userRepository: world.users, passwordHasher: world.hasher)
        try await seed.run()
        let first = try await world.users.credentials(forEmail: "johnny@gmail.com")

        #expect(try await seed.run() == false)
        #expect(try await seed.run() == false)

        #expect(try await world.users.credentials(forEmail: "johnny@gmail.com") == first)
        #expect(try await world.users.profile(id: UserID(2)) == nil)
        #expect(await world.hasher.hashedPasswords == ["password"])
    }

    @Test func anExistingJohnnyWithAnotherPasswordIsNotOverwritten() async throws {
        let world = UseCaseWorld()
        try await world.addUser(email: "Johnny@Gmail.com", password: "changed it")

        #expect(
            try await SeedDemoAccountUseCase(userRepository: world.users, passwordHasher: world.hasher).run() == false)

        let stored = try #require(try await world.users.credentials(forEmail: "johnny@gmail.com"))
        #expect(stored.passwordHash == FakePasswordHasher.fakeHash(of: "changed it"))
    }

    @Test func aSeedThatLosesTheRaceToAnotherProcessReturnsFalse() async throws {
        let users = RacedUserRepository()

        let created = try await SeedDemoAccountUseCase(userRepository: users, passwordHasher: FakePasswordHasher())
            .run()

        #expect(await users.createAttempts == 1)
        #expect(created == false)
    }

    @Test func theSeededAccountCanSignIn() async throws {
        let world = UseCaseWorld()
        try await SeedDemoAccountUseCase(userRepository: world.users, passwordHasher: world.hasher).run()

        let started = try await world.signIn(email: "johnny@gmail.com", password: "password").get()

        #expect(started.profile.name == "Johnny Appleseed")
    }
}
