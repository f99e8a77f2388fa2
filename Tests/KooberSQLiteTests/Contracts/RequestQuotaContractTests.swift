import Foundation
import KooberKit
import Testing

/// What every store's request quota promises (issue 31: reset links per email and address, confirmation messages
/// per rider): `limit` requests per key in a window that slides, keys apart; on each implementation.
struct RequestQuotaContractTests {
    /// Takes one of `key`'s 3 requests an hour at `time`, expecting it to be there or not (`expected`).
    private func take(
        _ quota: any RequestQuota, _ key: String, at time: Date, expected: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let taken = try await quota.take(key, limit: 3, window: .seconds(3_600), at: time)
        #expect(taken == expected, "\(key) at \(time)", sourceLocation: sourceLocation)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aKeyGetsItsLimitInAWindowThatSlidesAndOtherKeysAreNotAffected(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let quota = repositories.requestQuota
            for index in 0..<3 {
                try await take(quota, "reset:johnny@gmail.com", at: referenceTime + Double(index) * 0.5)
            }
            try await take(quota, "reset:johnny@gmail.com", at: referenceTime + 10, expected: false)
            try await take(quota, "reset:skippy@koober.com", at: referenceTime + 10)
            try await take(quota, "reset-address:192.0.2.1", at: referenceTime + 10)

            // The first request leaves the window an hour after it was made: one more then, not two.
            try await take(quota, "reset:johnny@gmail.com", at: referenceTime + 3_599.999, expected: false)
            try await take(quota, "reset:johnny@gmail.com", at: referenceTime + 3_600)
            try await take(quota, "reset:johnny@gmail.com", at: referenceTime + 3_600, expected: false)
            try await take(quota, "reset:johnny@gmail.com", at: referenceTime + 3_600.5)
        }
    }

    /// Thirty requests for one key at the same moment: exactly the limit get through.
    @Test(arguments: RepositoryKind.allCases)
    func simultaneousRequestsForOneKeyNeverExceedTheLimit(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let quota = repositories.requestQuota
            let taken = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<30 {
                    group.addTask {
                        try await quota.take("confirm:1", limit: 5, window: .seconds(60), at: referenceTime) ? 1 : 0
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(taken == 5)
        }
    }
}
