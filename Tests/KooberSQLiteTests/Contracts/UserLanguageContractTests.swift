import Foundation
import KooberKit
import Testing

/// What every `UserRepository` promises of a rider's language (`setLanguage`), checked on each implementation: the
/// profile, the credentials and the sessions all read the account's language.
struct UserLanguageContractTests {
    private let token = SessionTokenHash(hex: String(repeating: "ab", count: 32))

    private func newUser(email: String, language: Language?) -> NewUser {
        NewUser(
            name: "Johnny Appleseed", nickname: "Johnny", email: email, mobileNumber: "510-736-8754",
            passwordHash: "$argon2id$v=19$m=65536,t=3,p=1$c2FsdA$aGFzaA", language: language)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aNewUserHasTheLanguageTheySignedUpInOrNone(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let plain = try await repositories.users.create(newUser(email: "plain@koober.com", language: nil))
            let arabic = try await repositories.users.create(newUser(email: "arabic@koober.com", language: .arabic))
            #expect(plain.language == nil)
            #expect(arabic.language == .arabic)
            #expect(try await repositories.users.profile(id: plain.id)?.language == nil)
            #expect(try await repositories.users.profile(id: arabic.id)?.language == .arabic)
            #expect(try await repositories.users.credentials(forEmail: "plain@koober.com")?.profile.language == nil)
            #expect(try await repositories.users.credentials(forEmail: "arabic@koober.com")?.profile == arabic)
        }
    }

    @Test(arguments: RepositoryKind.allCases, Language.allCases)
    func theChosenLanguageIsReadByProfileCredentialsAndSession(kind: RepositoryKind, language: Language)
        async throws
    {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser(email: "johnny@gmail.com", language: nil))
            let other = try await repositories.users.create(newUser(email: "other@koober.com", language: .english))
            try await repositories.sessions.create(tokenHash: token, userID: rider.id, now: referenceTime)

            try await repositories.users.setLanguage(language, for: rider.id)

            let expected = UserProfile(
                id: rider.id, name: rider.name, nickname: rider.nickname, email: rider.email,
                mobileNumber: rider.mobileNumber, language: language)
            #expect(try await repositories.users.profile(id: rider.id) == expected)
            #expect(try await repositories.users.credentials(forEmail: "johnny@gmail.com")?.profile == expected)
            #expect(try await repositories.sessions.session(tokenHash: token)?.profile == expected)
            #expect(try await repositories.users.profile(id: other.id) == other)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aNewChoiceReplacesTheOldOne(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser(email: "johnny@gmail.com", language: .arabic))
            try await repositories.sessions.create(tokenHash: token, userID: rider.id, now: referenceTime)
            try await repositories.users.setLanguage(.vietnamese, for: rider.id)
            try await repositories.users.setLanguage(.chinese, for: rider.id)
            #expect(try await repositories.users.profile(id: rider.id)?.language == .chinese)
            #expect(try await repositories.sessions.session(tokenHash: token)?.profile.language == .chinese)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func changingTheProfileOrThePasswordKeepsTheLanguage(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser(email: "johnny@gmail.com", language: nil))
            try await repositories.users.setLanguage(.vietnamese, for: rider.id)
            let updated = try await repositories.users.updateProfile(
                id: rider.id, name: "John Appleseed", nickname: "John", mobileNumber: "0400 000 000")
            #expect(updated?.language == .vietnamese)
            try await repositories.users.updatePasswordHash(id: rider.id, passwordHash: "$argon2id$new")
            #expect(try await repositories.users.profile(id: rider.id)?.language == .vietnamese)
            #expect(
                try await repositories.users.credentials(forEmail: "johnny@gmail.com")?.profile.language == .vietnamese)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anUnknownIDChangesNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser(email: "johnny@gmail.com", language: nil))
            try await repositories.sessions.create(tokenHash: token, userID: rider.id, now: referenceTime)
            let unknown = UserID(rider.id.rawValue + 1)

            try await repositories.users.setLanguage(.arabic, for: unknown)

            #expect(try await repositories.users.profile(id: unknown) == nil)
            #expect(try await repositories.users.profile(id: rider.id) == rider)
            #expect(try await repositories.users.credentials(forEmail: "johnny@gmail.com")?.profile == rider)
            #expect(try await repositories.sessions.session(tokenHash: token)?.profile == rider)
        }
    }
}
