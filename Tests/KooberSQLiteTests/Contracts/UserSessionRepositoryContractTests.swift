import Foundation
import KooberKit
import Testing

/// What every `UserSessionRepository` promises, checked on each implementation.
struct UserSessionRepositoryContractTests {
    private let token = SessionTokenHash(hex: String(repeating: "ab", count: 32))
    private let otherToken = SessionTokenHash(hex: String(repeating: "cd", count: 32))

    @Test(arguments: RepositoryKind.allCases)
    func createdSessionIsFoundWithItsUsersProfileAndTimes(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser())
            try await repositories.sessions.create(tokenHash: token, userID: profile.id, now: referenceTime)

            let session = try await repositories.sessions.session(tokenHash: token)
            #expect(
                session
                    == UserSession(
                        tokenHash: token,
                        profile: profile,
                        createdAt: referenceTime,
                        lastSeenAt: referenceTime
                    )
            )
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func unknownTokenHashFindsNoSession(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser())
            try await repositories.sessions.create(tokenHash: token, userID: profile.id, now: referenceTime)
            #expect(try await repositories.sessions.session(tokenHash: otherToken) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func timesAreKeptToTheWholeSecond(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser())
            try await repositories.sessions.create(tokenHash: token, userID: profile.id, now: referenceTime + 0.75)
            let session = try await repositories.sessions.session(tokenHash: token)
            #expect(session?.createdAt == referenceTime)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func touchingMovesLastSeenButNotCreated(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser())
            try await repositories.sessions.create(tokenHash: token, userID: profile.id, now: referenceTime)
            try await repositories.sessions.touch(tokenHash: token, now: referenceTime + 3_600)

            let session = try #require(try await repositories.sessions.session(tokenHash: token))
            #expect(session.createdAt == referenceTime)
            #expect(session.lastSeenAt == referenceTime + 3_600)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func touchingOrDeletingAnUnknownSessionChangesNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser())
            try await repositories.sessions.create(tokenHash: token, userID: profile.id, now: referenceTime)
            try await repositories.sessions.touch(tokenHash: otherToken, now: referenceTime + 60)
            try await repositories.sessions.delete(tokenHash: otherToken)

            #expect(try await repositories.sessions.session(tokenHash: otherToken) == nil)
            #expect(try await repositories.sessions.session(tokenHash: token)?.lastSeenAt == referenceTime)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func deletedSessionIsGoneAndOthersStay(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser())
            try await repositories.sessions.create(tokenHash: token, userID: profile.id, now: referenceTime)
            try await repositories.sessions.create(tokenHash: otherToken, userID: profile.id, now: referenceTime)
            try await repositories.sessions.delete(tokenHash: token)

            #expect(try await repositories.sessions.session(tokenHash: token) == nil)
            #expect(try await repositories.sessions.session(tokenHash: otherToken) != nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func sessionForAnUnknownUserIsRefused(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            await #expect(throws: (any Error).self) {
                try await repositories.sessions.create(tokenHash: token, userID: UserID(42), now: referenceTime)
            }
            let session = try await repositories.sessions.session(tokenHash: token)
            #expect(session == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func reusingATokenHashIsRefusedAndKeepsTheFirstSession(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let first = try await repositories.users.create(newUser(email: "one@koober.com"))
            let second = try await repositories.users.create(newUser(email: "two@koober.com"))
            try await repositories.sessions.create(tokenHash: token, userID: first.id, now: referenceTime)

            await #expect(throws: (any Error).self) {
                try await repositories.sessions.create(tokenHash: token, userID: second.id, now: referenceTime + 1)
            }
            #expect(try await repositories.sessions.session(tokenHash: token)?.profile == first)
        }
    }
}
