import Foundation
import KooberKit
import Testing

/// What every `SignInFailureRepository` promises, checked on each implementation.
struct SignInFailureRepositoryContractTests {
    private let email = "johnny@gmail.com"

    @Test(arguments: RepositoryKind.allCases)
    func failuresAtOrAfterTheStartOfTheWindowAreCounted(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            for minutes in [0.0, 5, 10, 15] {
                try await repositories.failures.recordFailure(email: email, at: referenceTime + minutes * 60)
            }
            #expect(try await repositories.failures.failureCount(email: email, since: referenceTime) == 4)
            #expect(try await repositories.failures.failureCount(email: email, since: referenceTime + 5 * 60) == 3)
            #expect(try await repositories.failures.failureCount(email: email, since: referenceTime + 16 * 60) == 0)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func failuresAreKeptPerEmailIgnoringCase(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.failures.recordFailure(email: "Johnny@Gmail.com", at: referenceTime)
            try await repositories.failures.recordFailure(email: email, at: referenceTime + 1)
            try await repositories.failures.recordFailure(email: "other@koober.com", at: referenceTime + 2)

            #expect(try await repositories.failures.failureCount(email: email, since: referenceTime) == 2)
            #expect(try await repositories.failures.failureCount(email: "JOHNNY@gmail.com", since: referenceTime) == 2)
            #expect(try await repositories.failures.failureCount(email: "other@koober.com", since: referenceTime) == 1)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func lastFailureIsTheMostRecentWhateverTheOrderOfRecording(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.failures.recordFailure(email: email, at: referenceTime + 120)
            try await repositories.failures.recordFailure(email: email, at: referenceTime)
            #expect(try await repositories.failures.lastFailure(email: email) == referenceTime + 120)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func emailWithoutFailuresHasNoneAndNoLastFailure(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.failures.recordFailure(email: "other@koober.com", at: referenceTime)
            #expect(try await repositories.failures.failureCount(email: email, since: .distantPast) == 0)
            #expect(try await repositories.failures.lastFailure(email: email) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func clearingForgetsThatEmailsFailuresOnly(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.failures.recordFailure(email: email, at: referenceTime)
            try await repositories.failures.recordFailure(email: "other@koober.com", at: referenceTime)
            try await repositories.failures.clearFailures(email: "JOHNNY@gmail.com")

            #expect(try await repositories.failures.failureCount(email: email, since: .distantPast) == 0)
            #expect(try await repositories.failures.lastFailure(email: email) == nil)
            #expect(try await repositories.failures.failureCount(email: "other@koober.com", since: .distantPast) == 1)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func deletingBeforeACutoffForgetsOnlyOlderFailures(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.failures.recordFailure(email: email, at: referenceTime - 3_600)
            try await repositories.failures.recordFailure(email: "other@koober.com", at: referenceTime - 1)
            try await repositories.failures.recordFailure(email: email, at: referenceTime)
            try await repositories.failures.deleteFailures(before: referenceTime)

            #expect(try await repositories.failures.failureCount(email: email, since: .distantPast) == 1)
            #expect(try await repositories.failures.lastFailure(email: email) == referenceTime)
            #expect(try await repositories.failures.lastFailure(email: "other@koober.com") == nil)
        }
    }
}
