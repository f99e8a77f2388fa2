import Foundation
import KooberKit
import Testing

/// What every user and session store promises for My Profile's account changes (issue 21), on each implementation.
struct AccountChangesContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func aProfileUpdateChangesNameNicknameAndMobileButNotTheEmailOrPassword(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let stored = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            let updated = try await repositories.users.updateProfile(
                id: stored.id, name: "Jonathan Appleseed", nickname: "Jon", mobileNumber: "0400 000 000")
            #expect(
                updated
                    == UserProfile(
                        id: stored.id, name: "Jonathan Appleseed", nickname: "Jon", email: "johnny@gmail.com",
                        mobileNumber: "0400 000 000"))
            #expect(try await repositories.users.profile(id: stored.id) == updated)
            let credentials = try await repositories.users.credentials(forEmail: "johnny@gmail.com")
            #expect(credentials?.passwordHash == newUser().passwordHash)
            #expect(try await repositories.users.profile(id: other.id) == other)
            #expect(
                try await repositories.users.updateProfile(id: UserID(999), name: "a", nickname: "b", mobileNumber: "1")
                    == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aNewPasswordHashReplacesTheOld(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let stored = try await repositories.users.create(newUser())
            try await repositories.users.updatePasswordHash(id: stored.id, passwordHash: "$argon2id$new")
            #expect(
                try await repositories.users.credentials(forEmail: "johnny@gmail.com")?.passwordHash == "$argon2id$new")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aDeletedUserIsGoneAndTheirEmailIsFreeAgain(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let stored = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            try await repositories.users.delete(id: stored.id)
            #expect(try await repositories.users.profile(id: stored.id) == nil)
            #expect(try await repositories.users.credentials(forEmail: "JOHNNY@gmail.com") == nil)
            #expect(try await repositories.users.profile(id: other.id) == other)
            let again = try await repositories.users.create(newUser())
            #expect(again.id != stored.id)
            try await repositories.users.delete(id: UserID(999))  // nobody: nothing happens
        }
    }

    /// Ending access is final (issue 29): a sign-in checks the password, and stores its session later; a password
    /// change or Sign Out Everywhere in between must win, so the session is stored only at the credential version
    /// the sign-in read.
    @Test(arguments: RepositoryKind.allCases, ["password change", "sign out everywhere"])
    func aSessionCheckedBeforeAnAccessChangeIsNotStored(kind: RepositoryKind, change: String) async throws {
        try await withRepositories(kind) { repositories in
            let stored = try await repositories.users.create(newUser())
            let checked = try #require(try await repositories.users.credentials(forEmail: "johnny@gmail.com"))
            let before = SessionTokenHash(hex: String(repeating: "0a", count: 32))
            try await repositories.sessions.create(
                tokenHash: before, userID: stored.id, kind: .web, now: referenceTime,
                credentialVersion: checked.credentialVersion)
            #expect(try await repositories.sessions.session(tokenHash: before) != nil)

            if change == "password change" {
                try await repositories.users.updatePasswordHash(id: stored.id, passwordHash: "$argon2id$new")
            } else {
                try await repositories.sessions.deleteAll(userID: stored.id, keeping: nil)
            }

            let inFlight = SessionTokenHash(hex: String(repeating: "0b", count: 32))
            await #expect(throws: UserSessionRepositoryError.accessChanged) {
                try await repositories.sessions.create(
                    tokenHash: inFlight, userID: stored.id, kind: .api, now: referenceTime,
                    credentialVersion: checked.credentialVersion)
            }
            #expect(try await repositories.sessions.session(tokenHash: inFlight) == nil)
            // A sign-in that reads the credentials after the change signs in.
            let now = try #require(try await repositories.users.credentials(forEmail: "johnny@gmail.com"))
            #expect(now.credentialVersion != checked.credentialVersion)
            let after = SessionTokenHash(hex: String(repeating: "0c", count: 32))
            try await repositories.sessions.create(
                tokenHash: after, userID: stored.id, kind: .web, now: referenceTime,
                credentialVersion: now.credentialVersion)
            #expect(try await repositories.sessions.session(tokenHash: after) != nil)
        }
    }

    /// A sign-in racing the account's deletion is refused as an access change, never a constraint's failure (a 500).
    @Test(arguments: RepositoryKind.allCases)
    func aSessionForADeletedUserIsRefusedAsAnAccessChange(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let stored = try await repositories.users.create(newUser())
            let checked = try #require(try await repositories.users.credentials(forEmail: "johnny@gmail.com"))
            try await repositories.users.delete(id: stored.id)
            for version in [checked.credentialVersion, nil] {
                let hash = SessionTokenHash(hex: String(repeating: "0d", count: 32))
                await #expect(throws: UserSessionRepositoryError.accessChanged) {
                    try await repositories.sessions.create(
                        tokenHash: hash, userID: stored.id, kind: .web, now: referenceTime, credentialVersion: version)
                }
            }
        }
    }

    /// SQLite gives a deleted user's id to the next user: a sign-in in flight for the deleted account must not land
    /// in the new one, even one made with the same email (found by `EngineModelTests`).
    @Test(arguments: RepositoryKind.allCases)
    func aSignInInFlightForADeletedAccountNeverLandsInALaterOne(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let gone = try await repositories.users.create(newUser())
            let checked = try #require(try await repositories.users.credentials(forEmail: "johnny@gmail.com"))
            try await repositories.users.delete(id: gone.id)
            let later = try await repositories.users.create(newUser())
            let hash = SessionTokenHash(hex: String(repeating: "0e", count: 32))
            await #expect(throws: UserSessionRepositoryError.accessChanged) {
                try await repositories.sessions.create(
                    tokenHash: hash, userID: gone.id, kind: .web, now: referenceTime,
                    credentialVersion: checked.credentialVersion)
            }
            #expect(try await repositories.sessions.session(tokenHash: hash) == nil)
            // The later account signs in at its own version.
            let now = try #require(try await repositories.users.credentials(forEmail: "johnny@gmail.com"))
            #expect(now.profile.id == later.id)
            try await repositories.sessions.create(
                tokenHash: hash, userID: later.id, kind: .web, now: referenceTime,
                credentialVersion: now.credentialVersion)
            #expect(try await repositories.sessions.session(tokenHash: hash)?.profile.id == later.id)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func deletingAUsersSessionsKeepsTheOneKeptAndEveryoneElses(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let skippy = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            let hashes = (1...3).map { SessionTokenHash(hex: String(repeating: "0\($0)", count: 32)) }
            let skippys = SessionTokenHash(hex: String(repeating: "ff", count: 32))
            for hash in hashes {
                try await repositories.sessions.create(tokenHash: hash, userID: johnny.id, now: referenceTime)
            }
            try await repositories.sessions.create(tokenHash: skippys, userID: skippy.id, now: referenceTime)

            #expect(try await repositories.sessions.deleteAll(userID: johnny.id, keeping: hashes[0]) == 2)
            #expect(try await repositories.sessions.session(tokenHash: hashes[0]) != nil)
            #expect(try await repositories.sessions.session(tokenHash: hashes[1]) == nil)
            #expect(try await repositories.sessions.deleteAll(userID: johnny.id, keeping: nil) == 1)
            #expect(try await repositories.sessions.session(tokenHash: hashes[0]) == nil)
            #expect(try await repositories.sessions.session(tokenHash: skippys) != nil)
        }
    }
}
