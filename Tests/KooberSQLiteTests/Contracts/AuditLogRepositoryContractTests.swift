import Foundation
import KooberKit
import Testing

/// What every `AuditLogRepository` promises, checked on each store: rows newest first, by staff member or by target,
/// in keyset pages, each naming its member as they were when they acted.
struct AuditLogRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func entriesAreNewestFirstFilteredByStaffOrTargetAndPaged(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let ana = staffMember(1, "ana@koober.example")
            let bea = staffMember(2, "bea@koober.example", role: .admin)
            let johnny = try await repositories.users.create(newUser())
            let jane = try await repositories.users.create(newUser(email: "jane@gmail.com"))
            // Ana looks at Johnny, Bea at Jane, Ana at Jane, Bea locks Johnny, Ana looks at Johnny: 5 rows.
            var written: [AuditEntry] = []
            for (index, (member, rider)) in [(ana, johnny), (bea, jane), (ana, jane)].enumerated() {
                let look = auditEntry(.rider(rider.id), by: member, at: referenceTime + Double(index))
                _ = try await repositories.riderAccounts.lookAt(userID: rider.id, audit: look)
                written.append(look)
            }
            let lock = auditEntry(.rider(johnny.id), .lockedAccount, by: bea, reason: "Abuse", at: referenceTime + 3)
            try await repositories.riderAccounts.lock(userID: johnny.id, reason: "Abuse", audit: lock)
            written.append(lock)
            let last = auditEntry(.rider(johnny.id), by: ana, at: referenceTime + 4)
            _ = try await repositories.riderAccounts.lookAt(userID: johnny.id, audit: last)
            written.append(last)

            let log = repositories.auditLog
            let all = try await log.entries(staff: nil, target: nil, before: nil, limit: 100)
            #expect(all.map(\.entry) == written.reversed())
            #expect(all.map(\.id) == all.map(\.id).sorted(by: >))
            #expect(
                try await log.entries(staff: ana.id, target: nil, before: nil, limit: 100).map(\.entry) == [
                    written[4], written[2], written[0],
                ])
            #expect(
                try await log.entries(staff: nil, target: .rider(johnny.id), before: nil, limit: 100).map(\.entry) == [
                    written[4], written[3], written[0],
                ])
            #expect(
                try await log.entries(staff: bea.id, target: .rider(johnny.id), before: nil, limit: 100)
                    .map(\.entry) == [written[3]])
            #expect(
                try await log.entries(staff: nil, target: .ride(RideID(johnny.id.rawValue)), before: nil, limit: 9)
                    .isEmpty, "a target is its kind and its id")

            // Pages of two, each going on from the last row of the one before.
            var pages: [[AuditEntry]] = []
            var cursor: AuditEntryID?
            repeat {
                let page = try await log.entries(staff: nil, target: nil, before: cursor, limit: 2)
                if !page.isEmpty { pages.append(page.map(\.entry)) }
                cursor = page.count == 2 ? page.last?.id : nil
            } while cursor != nil
            #expect(pages == [[written[4], written[3]], [written[2], written[1]], [written[0]]])
            #expect(try await log.entries(staff: nil, target: nil, before: nil, limit: 0).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aRowNamesItsMemberAsTheyWereAfterTheyAreRemoved(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let member = try await enrolledStaffMember(role: .support, in: repositories.staff)
            let rider = try await repositories.users.create(newUser())
            let look = AuditEntry(by: member, .lookedAtRider, target: .rider(rider.id), at: referenceTime)
            _ = try await repositories.riderAccounts.lookAt(userID: rider.id, audit: look)
            #expect(try await repositories.staff.remove(email: member.email) == member)

            let rows = try await repositories.auditLog.entries(staff: member.id, target: nil, before: nil, limit: 10)
            #expect(rows.map(\.entry) == [look])
            #expect(rows.first?.entry.staffEmail == "ana@koober.example" && rows.first?.entry.staffRole == .support)
        }
    }
}
