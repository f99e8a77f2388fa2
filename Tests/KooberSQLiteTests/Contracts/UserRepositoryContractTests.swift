import KooberKit
import Testing

/// What every `UserRepository` promises, checked on each implementation.
struct UserRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func createdUserIsFoundByEmailWithItsPasswordHash(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let user = newUser()
            let profile = try await repositories.users.create(user)

            let credentials = try #require(try await repositories.users.credentials(forEmail: "johnny@gmail.com"))
            #expect(credentials.profile == profile)
            #expect(credentials.passwordHash == user.passwordHash)
            #expect(profile.name == "Johnny Appleseed")
            #expect(profile.nickname == "Johnny")
            #expect(profile.email == "johnny@gmail.com")
            #expect(profile.mobileNumber == "510-736-8754")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func eachUserGetsTheirOwnID(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let first = try await repositories.users.create(newUser(email: "one@koober.com"))
            let second = try await repositories.users.create(newUser(email: "two@koober.com"))
            #expect(first.id != second.id)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func emailLookupIgnoresCaseAndSurroundingSpace(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser(email: "johnny@gmail.com"))
            let found = try await repositories.users.credentials(forEmail: "  Johnny@GMAIL.com ")
            #expect(found?.profile == profile)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func emailIsStoredNormalisedEvenWhenGivenInMixedCase(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser(email: "Johnny@Gmail.COM"))
            #expect(profile.email == "johnny@gmail.com")
            #expect(try await repositories.users.profile(id: profile.id)?.email == "johnny@gmail.com")
        }
    }

    @Test(arguments: RepositoryKind.allCases, ["johnny@gmail.com", "JOHNNY@gmail.com", "Johnny@Gmail.Com"])
    func registeringATakenEmailIsRefusedAndKeepsTheFirstAccount(kind: RepositoryKind, email: String) async throws {
        try await withRepositories(kind) { repositories in
            let first = try await repositories.users.create(newUser(email: "johnny@gmail.com"))

            await #expect(throws: UserRepositoryError.emailAlreadyRegistered) {
                try await repositories.users.create(newUser(email: email, name: "Impostor"))
            }
            let credentials = try await repositories.users.credentials(forEmail: "johnny@gmail.com")
            #expect(credentials?.profile == first)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func profileIsFoundByID(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            _ = try await repositories.users.create(newUser(email: "one@koober.com"))
            let second = try await repositories.users.create(newUser(email: "two@koober.com", name: "Second Rider"))
            #expect(try await repositories.users.profile(id: second.id) == second)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func unknownEmailOrIDFindsNobody(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser())
            #expect(try await repositories.users.credentials(forEmail: "nobody@koober.com") == nil)
            #expect(try await repositories.users.profile(id: UserID(profile.id.rawValue + 1)) == nil)
        }
    }
}
