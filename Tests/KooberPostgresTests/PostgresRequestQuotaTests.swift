import Foundation
import KooberKit
import KooberTestSupport
import PostgresNIO
import Testing

@testable import KooberPostgres

/// The shared request quota's table (issue 41): a refused request writes no row, and a key is kept as its digest,
/// never as the client's text.
struct PostgresRequestQuotaTests {
    @Test func aRefusedRequestWritesNothingAndLongKeysAreKeptAsDigests() async throws {
        try await TestPostgres.withMigratedDatabase { url in
            let database = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                let quota = PostgresRequestQuota(database: database)
                let now = Date(timeIntervalSince1970: 1_700_000_000)
                let long = "reset-email:" + String(repeating: "x", count: 16_384) + "@koober.com"
                for index in 0..<3 {
                    #expect(try await quota.take(long, limit: 3, window: .seconds(3_600), at: now + Double(index)))
                }
                for index in 0..<20 {
                    #expect(
                        try await !quota.take(long, limit: 3, window: .seconds(3_600), at: now + 10 + Double(index)))
                }
                #expect(try await !quota.take("nothing-left", limit: 0, window: .seconds(3_600), at: now + 40))
                let rows = try await database.transaction { transaction in
                    try await transaction.query("SELECT key FROM request_quota").map { try $0.decode(String.self) }
                }
                #expect(rows.count == 3)
                #expect(rows.allSatisfy { $0 == RecentRequests.storedKey(long) && $0.utf8.count == 64 })
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }
    }
}
