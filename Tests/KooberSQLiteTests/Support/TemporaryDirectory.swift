import Foundation
import KooberSQLite
import Testing

/// Runs `body` with a new empty directory, removed afterwards whatever happens.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("koober-sqlite-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            Issue.record("Could not remove \(directory.path): \(error)")
        }
    }
    return try await body(directory)
}

/// Runs `body` with a migrated database on a new file, closed afterwards whatever happens.
func withTemporaryDatabase<T>(
    migrations: [Migration] = KooberSchema.migrations,
    _ body: (SQLiteDatabase, String) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory { directory in
        let path = directory.appendingPathComponent("koober.sqlite").path
        let database = try await SQLiteDatabase.open(path: path, migrations: migrations)
        do {
            let result = try await body(database, path)
            try await database.close()
            return result
        } catch {
            try await database.close()
            throw error
        }
    }
}
