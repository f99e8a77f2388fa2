import KooberKit
import Testing

/// What every `CSRFKeyRepository` promises, checked on each implementation.
struct CSRFKeyRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func theFirstKeyStoredIsKeptAndLaterCandidatesAreIgnored(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let candidate = CSRFKey.generate()
            let stored = try await repositories.csrfKeys.key(storingIfAbsent: candidate)
            let storedAgain = try await repositories.csrfKeys.key(storingIfAbsent: CSRFKey.generate())
            #expect(stored == candidate)
            #expect(storedAgain == candidate)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func startsAtOnceAgreeOnOneKey(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let keys = try await withThrowingTaskGroup(of: CSRFKey.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await LoadCSRFKeyUseCase(repository: repositories.csrfKeys).run() }
                }
                return try await group.reduce(into: Set<[UInt8]>()) { $0.insert($1.bytes) }
            }
            #expect(keys.count == 1)
        }
    }
}
