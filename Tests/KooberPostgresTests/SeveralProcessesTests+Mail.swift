import Foundation
import KooberKit
import KooberPostgres
import Testing

/// The mail that several processes share (issue 31): one outbox that each process's sender claims from, and one
/// request quota.
extension SeveralProcessesTests {
    private static let mailTime = Date(timeIntervalSince1970: 1_700_000_000)

    /// Two processes, four senders each, claim from 200 queued messages at once, a few at a time, until none is left:
    /// every message is claimed exactly once in all.
    @Test func ofTwoProcessesClaimingFromOneOutboxEachMessageIsClaimedOnce() async throws {
        try await withProcesses(2) { databases in
            let users = PostgresUserRepository(database: databases[0])
            let links = PostgresAccountLinkRepository(database: databases[0])
            for index in 0..<10 {
                let rider = try await users.create(
                    NewUser(
                        name: "Rider \(index)", nickname: "R\(index)", email: "rider\(index)@example.com",
                        mobileNumber: "555", passwordHash: "hash"))
                // Each link supersedes the rider's one before, but every message stays queued.
                for purpose in 0..<20 {
                    let link = AccountLinkIssue(
                        purpose: purpose.isMultiple(of: 2) ? .passwordReset : .emailConfirmation,
                        now: Self.mailTime + Double(index * 20 + purpose) * 0.001, lifetime: .seconds(1_800))
                    try await links.issue(link, for: rider.id)
                }
            }
            let now = Self.mailTime + 1
            let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for sender in 0..<8 {
                    let outbox = PostgresAccountLinkRepository(database: databases[sender % databases.count])
                    group.addTask {
                        var ids: [Int64] = []
                        while true {
                            let entries = try await outbox.claimDue(at: now, limit: 7, leaseUntil: now + 3_600)
                            if entries.isEmpty { return ids }
                            ids += entries.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claimed.count == 200)
            #expect(Set(claimed).count == 200)
            #expect(try await links.status().queued == 200)
            #expect(try await links.claimDue(at: now, limit: 10, leaseUntil: now + 3_600).isEmpty)
        }
    }

    /// Thirty requests for one key at the same moment, through two processes: exactly the limit get through.
    @Test func twoProcessesShareOneRequestQuota() async throws {
        try await withProcesses(2) { databases in
            let taken = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<30 {
                    let quota = PostgresRequestQuota(database: databases[index % databases.count])
                    group.addTask {
                        try await quota.take(
                            "reset:johnny@gmail.com", limit: 5, window: .seconds(3_600), at: Self.mailTime)
                            ? 1 : 0
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(taken == 5)
            let other = PostgresRequestQuota(database: databases[1])
            #expect(
                try await !other.take(
                    "reset:johnny@gmail.com", limit: 5, window: .seconds(3_600), at: Self.mailTime + 1))
            #expect(
                try await other.take(
                    "reset:skippy@koober.com", limit: 5, window: .seconds(3_600), at: Self.mailTime + 1))
        }
    }
}
