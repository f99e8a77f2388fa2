import Foundation
import KooberKit
import Testing

/// What every `SignInFailureRepository` promises, checked on each implementation.
struct SignInFailureRepositoryContractTests {
    private let email = "johnny@gmail.com"
    private let here = "192.0.2.1"
    private let there = "2001:db8::7"

    @Test(arguments: RepositoryKind.allCases)
    func failuresAtOrAfterTheStartOfTheWindowAreCounted(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            for minutes in [0.0, 5, 10, 15] {
                try await repositories.signInFailures.recordFailure(
                    email: email,
                    address: here,
                    at: referenceTime + minutes * 60
                )
            }
            for scope in SignInFailureScope.all(email: email, address: here) {
                #expect(try await repositories.signInFailures.failureCount(scope, since: referenceTime) == 4)
                #expect(try await repositories.signInFailures.failureCount(scope, since: referenceTime + 5 * 60) == 3)
                #expect(try await repositories.signInFailures.failureCount(scope, since: referenceTime + 16 * 60) == 0)
            }
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func failuresAreCountedPerPairPerAddressAndPerEmailIgnoringTheEmailsCase(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let failures = repositories.signInFailures
            try await failures.recordFailure(email: "Johnny@Gmail.com", address: here, at: referenceTime)
            try await failures.recordFailure(email: email, address: here, at: referenceTime + 1)
            try await failures.recordFailure(email: email, address: there, at: referenceTime + 2)
            try await failures.recordFailure(email: "other@koober.com", address: here, at: referenceTime + 3)

            #expect(
                try await failures.failureCount(.pair(email: "JOHNNY@gmail.com", address: here), since: referenceTime)
                    == 2
            )
            #expect(try await failures.failureCount(.pair(email: email, address: there), since: referenceTime) == 1)
            #expect(try await failures.failureCount(.address(here), since: referenceTime) == 3)
            #expect(try await failures.failureCount(.address(there), since: referenceTime) == 1)
            #expect(try await failures.failureCount(.email(email), since: referenceTime) == 3)
            #expect(try await failures.failureCount(.email("other@koober.com"), since: referenceTime) == 1)
            #expect(try await failures.lastFailure(.pair(email: email, address: here)) == referenceTime + 1)
            #expect(try await failures.lastFailure(.address(here)) == referenceTime + 3)
            #expect(try await failures.lastFailure(.email(email)) == referenceTime + 2)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func lastFailureIsTheMostRecentWhateverTheOrderOfRecording(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.signInFailures.recordFailure(email: email, address: here, at: referenceTime + 120)
            try await repositories.signInFailures.recordFailure(email: email, address: here, at: referenceTime)
            #expect(
                try await repositories.signInFailures.lastFailure(.pair(email: email, address: here)) == referenceTime
                    + 120
            )
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aScopeWithoutFailuresHasNoneAndNoLastFailure(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.signInFailures.recordFailure(
                email: "other@koober.com", address: there, at: referenceTime)
            for scope in SignInFailureScope.all(email: email, address: here) {
                #expect(try await repositories.signInFailures.failureCount(scope, since: .distantPast) == 0)
                #expect(try await repositories.signInFailures.lastFailure(scope) == nil)
            }
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func clearingForgetsThatEmailsFailuresFromThatAddressOnly(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let failures = repositories.signInFailures
            try await failures.recordFailure(email: email, address: here, at: referenceTime)
            try await failures.recordFailure(email: email, address: there, at: referenceTime)
            try await failures.recordFailure(email: "other@koober.com", address: here, at: referenceTime)
            try await failures.clearFailures(email: "JOHNNY@gmail.com", address: here)

            #expect(try await failures.failureCount(.pair(email: email, address: here), since: .distantPast) == 0)
            #expect(try await failures.lastFailure(.pair(email: email, address: here)) == nil)
            #expect(try await failures.failureCount(.pair(email: email, address: there), since: .distantPast) == 1)
            #expect(try await failures.failureCount(.address(here), since: .distantPast) == 1)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func deletingBeforeACutoffForgetsOnlyOlderFailures(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.signInFailures.recordFailure(email: email, address: here, at: referenceTime - 3_600)
            try await repositories.signInFailures.recordFailure(
                email: "other@koober.com",
                address: there,
                at: referenceTime - 1
            )
            try await repositories.signInFailures.recordFailure(email: email, address: here, at: referenceTime)
            try await repositories.signInFailures.deleteFailures(before: referenceTime)

            #expect(try await repositories.signInFailures.failureCount(.email(email), since: .distantPast) == 1)
            #expect(try await repositories.signInFailures.lastFailure(.email(email)) == referenceTime)
            #expect(try await repositories.signInFailures.lastFailure(.email("other@koober.com")) == nil)
            #expect(try await repositories.signInFailures.lastFailure(.address(there)) == nil)
        }
    }
}
