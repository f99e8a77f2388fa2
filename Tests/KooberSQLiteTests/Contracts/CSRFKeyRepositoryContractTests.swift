import KooberKit
import KooberSQLite
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

struct SQLiteCSRFKeyRepositoryTests {
    @Test func theKeySurvivesReopeningTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let database = try await SQLiteDatabase.open(path: path)
            let key = try await LoadCSRFKeyUseCase(repository: SQLiteCSRFKeyRepository(database: database)).run()
            try await database.close()

            let reopened = try await SQLiteDatabase.open(path: path)
            let again = try await LoadCSRFKeyUseCase(repository: SQLiteCSRFKeyRepository(database: reopened)).run()
            try await reopened.close()
            #expect(again == key)
        }
    }

    @Test func aKeyOfTheWrongLengthCannotBeStored() async throws {
        _ = try await withTemporaryDatabase { database, _ in
            await #expect(throws: SQLiteError.self) {
                try await database.write { connection in
                    try connection.execute("INSERT INTO csrf_key (id, secret) VALUES (1, ?)", [.blob([1, 2, 3])])
                }
            }
        }
    }
}
