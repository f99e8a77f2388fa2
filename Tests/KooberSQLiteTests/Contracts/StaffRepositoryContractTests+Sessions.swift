import Foundation
import KooberKit
import TestKit
import Testing

/// Staff sessions, part of the same contract: read and touched in one step, ended 30 minutes idle or 12 hours after
/// they started (`StaffSessionPolicy`) on the app's clock, and deleted when found ended.
extension StaffRepositoryContractTests {
    private var policy: StaffSessionPolicy { StaffSessionPolicy() }

    /// A session of an enrolled member, started at `referenceTime` on a clock of its own.
    private func sessionStarted(in staff: any StaffRepository) async throws -> (StaffSessionToken, TestClock) {
        let ana = try await enrolledStaffMember(in: staff)
        let clock = TestClock(referenceTime)
        let token = StaffSessionToken.generate()
        try await staff.createSession(tokenHash: token.hash, staffID: ana.id, now: clock.now)
        return (token, clock)
    }

    @Test(arguments: RepositoryKind.allCases)
    func aSessionIsFoundWithItsMemberAndEachReadRecordsItsUse(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let staff = repositories.staff
            let ana = try await enrolledStaffMember(in: staff)
            let token = StaffSessionToken.generate()
            try await staff.createSession(tokenHash: token.hash, staffID: ana.id, now: referenceTime)

            let read = try await staff.session(tokenHash: token.hash, at: referenceTime + 90.5, policy: policy)
            #expect(
                read
                    == StaffSession(
                        tokenHash: token.hash, member: ana, createdAt: referenceTime, lastSeenAt: referenceTime + 90))
            #expect(
                try await staff.session(tokenHash: StaffSessionToken.generate().hash, at: referenceTime, policy: policy)
                    == nil)
            try await staff.deleteSession(tokenHash: token.hash)
            #expect(try await staff.session(tokenHash: token.hash, at: referenceTime + 91, policy: policy) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aSessionEndsAfterThirtyMinutesIdleAndIsDeleted(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let staff = repositories.staff
            let (token, clock) = try await sessionStarted(in: staff)

            clock.advance(by: .seconds(30 * 60 - 1))
            #expect(try await staff.session(tokenHash: token.hash, at: clock.now, policy: policy) != nil)
            clock.advance(by: .seconds(30 * 60 - 1))
            #expect(try await staff.session(tokenHash: token.hash, at: clock.now, policy: policy) != nil)
            let lastUse = clock.now
            clock.advance(by: .seconds(30 * 60))
            #expect(try await staff.session(tokenHash: token.hash, at: clock.now, policy: policy) == nil)
            // Deleted, not merely refused: asked again as of its last use, it is still gone.
            #expect(try await staff.session(tokenHash: token.hash, at: lastUse, policy: policy) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aSessionEndsTwelveHoursAfterItStartedHoweverBusy(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let staff = repositories.staff
            let (token, clock) = try await sessionStarted(in: staff)

            for _ in 0..<35 {
                clock.advance(by: .seconds(20 * 60))
                #expect(try await staff.session(tokenHash: token.hash, at: clock.now, policy: policy) != nil)
            }
            clock.advance(by: .seconds(20 * 60 - 1))  // 12 hours less a second since it started
            #expect(try await staff.session(tokenHash: token.hash, at: clock.now, policy: policy) != nil)
            clock.advance(by: .seconds(1))
            #expect(try await staff.session(tokenHash: token.hash, at: clock.now, policy: policy) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func noSessionStartsForAMemberNotEnrolledOrUnknown(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let staff = repositories.staff
            let added = try await staff.add(newStaffMember().member)
            for id in [added.id, StaffID(added.id.rawValue + 1_000)] {
                await #expect(throws: StaffRepositoryError.memberGone) {
                    try await staff.createSession(
                        tokenHash: StaffSessionToken.generate().hash, staffID: id, now: referenceTime)
                }
            }
        }
    }
}
