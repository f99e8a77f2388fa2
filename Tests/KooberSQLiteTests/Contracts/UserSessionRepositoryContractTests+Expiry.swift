import Foundation
import KooberKit
import Testing

/// `deleteExpired`, part of the same contract: sessions go when idle too long or alive too long, in every store.
extension UserSessionRepositoryContractTests {
    private var day: TimeInterval { 24 * 60 * 60 }

    /// Three sessions of one user: fresh, idle since day 1, created on day 0 but touched today (day 31).
    private func makeSessions(in repositories: Repositories) async throws {
        let profile = try await repositories.users.create(newUser())
        let sessions = repositories.sessions
        try await sessions.create(
            tokenHash: SessionTokenHash(hex: "fresh"),
            userID: profile.id,
            now: referenceTime + 30 * day
        )
        try await sessions.create(
            tokenHash: SessionTokenHash(hex: "idle"),
            userID: profile.id,
            now: referenceTime + day
        )
        try await sessions.create(tokenHash: SessionTokenHash(hex: "old"), userID: profile.id, now: referenceTime)
        try await sessions.touch(tokenHash: SessionTokenHash(hex: "old"), now: referenceTime + 31 * day)
    }

    private func remaining(in repositories: Repositories) async throws -> Set<String> {
        var remaining: Set<String> = []
        for hex in ["fresh", "idle", "old"]
        where try await repositories.sessions.session(tokenHash: .init(hex: hex)) != nil {
            remaining.insert(hex)
        }
        return remaining
    }

    @Test(arguments: RepositoryKind.allCases)
    func sessionsIdleSinceBeforeTheIdleCutoffAreDeleted(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await makeSessions(in: repositories)
            let deleted = try await repositories.sessions.deleteExpired(
                kind: .web, idleCutoff: referenceTime + 24 * day,
                absoluteCutoff: referenceTime - day
            )
            #expect(deleted == 1)
            #expect(try await remaining(in: repositories) == ["fresh", "old"])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func sessionsCreatedBeforeTheAbsoluteCutoffAreDeletedEvenWhenRecentlyUsed(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await makeSessions(in: repositories)
            let deleted = try await repositories.sessions.deleteExpired(
                kind: .web, idleCutoff: referenceTime - day,
                absoluteCutoff: referenceTime + 0.5 * day
            )
            #expect(deleted == 1)
            #expect(try await remaining(in: repositories) == ["fresh", "idle"])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func bothCutoffsApplyTogetherAndASessionExactlyAtACutoffStays(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await makeSessions(in: repositories)
            let deleted = try await repositories.sessions.deleteExpired(
                kind: .web, idleCutoff: referenceTime + 30 * day,
                absoluteCutoff: referenceTime + 30 * day
            )
            #expect(deleted == 2)
            #expect(try await remaining(in: repositories) == ["fresh"])
            #expect(
                try await repositories.sessions.deleteExpired(
                    kind: .web, idleCutoff: referenceTime, absoluteCutoff: referenceTime)
                    == 0
            )
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func eachKindIsStoredAndExpiresOnlyByItsOwnCutoffs(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let profile = try await repositories.users.create(newUser())
            let sessions = repositories.sessions
            try await sessions.create(
                tokenHash: SessionTokenHash(hex: "browser"), userID: profile.id, kind: .web, now: referenceTime)
            try await sessions.create(
                tokenHash: SessionTokenHash(hex: "app"), userID: profile.id, kind: .api, now: referenceTime)
            #expect(try await sessions.session(tokenHash: .init(hex: "browser"))?.kind == .web)
            #expect(try await sessions.session(tokenHash: .init(hex: "app"))?.kind == .api)

            let cutoff = referenceTime + day
            #expect(try await sessions.deleteExpired(kind: .web, idleCutoff: cutoff, absoluteCutoff: cutoff) == 1)
            #expect(try await sessions.session(tokenHash: .init(hex: "browser")) == nil)
            #expect(try await sessions.session(tokenHash: .init(hex: "app")) != nil)
            #expect(try await sessions.deleteExpired(kind: .api, idleCutoff: cutoff, absoluteCutoff: cutoff) == 1)
            #expect(try await sessions.session(tokenHash: .init(hex: "app")) == nil)
        }
    }
}
