import Foundation
import KooberKit
import KooberSQLite
import TestKit
import Testing

struct SQLiteDatabaseConcurrencyTests {
    @Test func fiftyTasksReadingAndWritingAtOnceAllSucceed() async throws {
        try await withTemporaryDatabase { database, _ in
            let users = SQLiteUserRepository(database: database)
            let failures = SQLiteSignInFailureRepository(database: database)
            let johnny = try await users.create(newUser())

            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<50 {
                    group.addTask {
                        if task.isMultiple(of: 2) {
                            _ = try await users.create(newUser(email: "rider\(task)@koober.com"))
                            try await failures.recordFailure(
                                email: "johnny@gmail.com", address: "192.0.2.1",
                                at: referenceTime + Double(task)
                            )
                        } else {
                            let found = try await users.profile(id: johnny.id)
                            #expect(found == johnny)
                            _ = try await failures.failureCount(.email("johnny@gmail.com"), since: referenceTime)
                        }
                    }
                }
                try await group.waitForAll()
            }

            let userCount = try await database.read { try $0.query("SELECT count(*) AS n FROM users")[0].int("n") }
            #expect(userCount == 26)
            #expect(try await failures.failureCount(.email("johnny@gmail.com"), since: referenceTime) == 25)
        }
    }

    /// The metrics' `koober_database_pool_waits_total`: writes queued behind the one writer are counted.
    @Test func writesThatWaitForTheWriterAreCounted() async throws {
        try await withTemporaryDatabase { database, _ in
            #expect(database.poolWaits.writer == 0)
            // One write holds the writer until another has had to wait for it.
            let (holding, holds) = AsyncStream<Void>.makeStream()
            let release = DispatchSemaphore(value: 0)
            let first = Task {
                defer { holds.finish() }
                try await database.write { _ in
                    holds.yield()
                    _ = release.wait(timeout: .now() + .seconds(Int(BusyMachine.patience.components.seconds)))
                }
            }
            for await _ in holding { break }
            let second = Task { try await database.write { _ in } }
            #expect(await eventually { database.poolWaits.writer >= 1 })
            release.signal()
            try await first.value
            try await second.value
            #expect(database.poolWaits.writer >= 1)
            #expect(database.poolWaits.readers == 0)
        }
    }

    @Test func aReadRunsBesideAnOpenWriteAndSeesOnlyCommittedData() async throws {
        struct ReaderWasBlocked: Error {}
        try await withTemporaryDatabase { database, _ in
            let (inserted, insertedContinuation) = AsyncStream<Void>.makeStream()
            let readerDone = DispatchSemaphore(value: 0)
            let write = Task {
                try await database.write { connection in
                    try connection.execute("INSERT INTO sign_in_failures (email, failed_at) VALUES ('a@b.c', 1)")
                    insertedContinuation.yield()
                    // The transaction stays open until the reader has finished; if reads had to wait for the
                    // writer, this would time out instead of deadlocking the test. A minute: it proves the read is
                    // not blocked (a blocked one never finishes), not how fast it is; 5 s and then 20 s were each once
                    // too short for a reader waiting for a core while the whole suite ran (CI, issue 41: 1,261 tests).
                    guard readerDone.wait(timeout: .now() + 60) == .success else { throw ReaderWasBlocked() }
                }
            }
            var iterator = inserted.makeAsyncIterator()
            await iterator.next()
            let countDuringWrite = try await database.read { connection in
                try connection.query("SELECT count(*) AS n FROM sign_in_failures")[0].int("n")
            }
            readerDone.signal()
            try await write.value
            let countAfterWrite = try await database.read { connection in
                try connection.query("SELECT count(*) AS n FROM sign_in_failures")[0].int("n")
            }
            #expect(countDuringWrite == 0)
            #expect(countAfterWrite == 1)
        }
    }

    @Test func closingWaitsForTheWriteInFlightAndKeepsIt() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let database = try await SQLiteDatabase.open(path: path)
            let (started, startedContinuation) = AsyncStream<Void>.makeStream()
            let write = Task {
                try await database.write { connection in
                    startedContinuation.yield()
                    // Slow enough that close() is surely called while this write is still running.
                    Thread.sleep(forTimeInterval: 0.2)
                    try connection.execute("INSERT INTO sign_in_failures (email, failed_at) VALUES ('a@b.c', 1)")
                }
            }
            var iterator = started.makeAsyncIterator()
            await iterator.next()
            try await database.close()
            try await write.value
            await #expect(throws: SQLiteError.closed) { try await database.read { _ in } }

            let reopened = try await SQLiteDatabase.open(path: path)
            let count = try await SQLiteSignInFailureRepository(database: reopened).failureCount(
                .email("a@b.c"),
                since: .distantPast
            )
            try await reopened.close()
            #expect(count == 1)
        }
    }
}
