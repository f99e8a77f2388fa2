import Foundation
import KooberKit
import TestKit
import Testing

/// What every `StaffRepository` promises, checked on each store: staff added, listed and removed, enrolment once and
/// within its day, and the authenticator step recorded only forward.
struct StaffRepositoryContractTests {
    private let day: TimeInterval = 24 * 60 * 60

    @Test(arguments: RepositoryKind.allCases)
    func addedMembersAreListedByEmailNormalisedAndNotEnrolled(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let bea = try await repositories.staff.add(newStaffMember(" Bea@Koober.Example ", role: .fleet).member)
            let ana = try await repositories.staff.add(newStaffMember(role: .support).member)
            #expect(bea.email == "bea@koober.example" && bea.role == .fleet && bea.name == "Ana Lima")
            #expect(!bea.isEnrolled && bea.lastSignInAt == nil)
            #expect(ana.id != bea.id)
            #expect(try await repositories.staff.list() == [ana, bea])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func addingAnEmailAgainBeforeEnrolmentReplacesItsNameRoleAndLink(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let (first, firstToken) = newStaffMember(role: .support)
            let added = try await repositories.staff.add(first)
            let (again, againToken) = newStaffMember("ANA@koober.example", name: "Ana M. Lima", role: .fleet)
            let replaced = try await repositories.staff.add(again)

            #expect(replaced.id == added.id && replaced.name == "Ana M. Lima" && replaced.role == .fleet)
            #expect(try await repositories.staff.list() == [replaced])
            #expect(try await repositories.staff.enrolment(tokenHash: firstToken.hash, at: referenceTime) == nil)
            #expect(try await repositories.staff.enrolment(tokenHash: againToken.hash, at: referenceTime) == replaced)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anEnrolledMembersEmailIsRefusedAndNothingChanges(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let enrolled = try await enrolledStaffMember(in: repositories.staff)
            await #expect(throws: StaffRepositoryError.alreadyEnrolled) {
                _ = try await repositories.staff.add(newStaffMember(role: .support).member)
            }
            #expect(try await repositories.staff.list() == [enrolled])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func removingAMemberRemovesThemAndEveryOneOfTheirSessionsAtOnce(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let staff = repositories.staff
            let ana = try await enrolledStaffMember(in: staff)
            let bea = try await enrolledStaffMember("bea@koober.example", role: .fleet, in: staff)
            let anas = [StaffSessionToken.generate(), StaffSessionToken.generate()]
            let beas = StaffSessionToken.generate()
            for token in anas {
                try await staff.createSession(tokenHash: token.hash, staffID: ana.id, now: referenceTime)
            }
            try await staff.createSession(tokenHash: beas.hash, staffID: bea.id, now: referenceTime)

            #expect(try await staff.remove(email: "ANA@koober.example") == ana)
            #expect(try await staff.list() == [bea])
            let policy = StaffSessionPolicy()
            for token in anas {
                #expect(try await staff.session(tokenHash: token.hash, at: referenceTime, policy: policy) == nil)
            }
            #expect(try await staff.session(tokenHash: beas.hash, at: referenceTime, policy: policy)?.member == bea)
            #expect(try await staff.credentials(forEmail: ana.email) == nil)
            await #expect(throws: StaffRepositoryError.memberGone) {
                try await staff.createSession(
                    tokenHash: StaffSessionToken.generate().hash, staffID: ana.id, now: referenceTime)
            }
            #expect(try await staff.remove(email: ana.email) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aLinkEnrolsOnceWithinItsDayAndOnlyItsOwnMember(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let staff = repositories.staff
            let (ana, token) = newStaffMember()
            let added = try await staff.add(ana)
            let bea = try await staff.add(newStaffMember("bea@koober.example").member)
            let lastSecond = referenceTime + day - 1
            #expect(try await staff.enrolment(tokenHash: token.hash, at: lastSecond) == added)
            func enrolment(_ id: StaffID, _ hash: String) -> StaffEnrolment {
                StaffEnrolment(
                    staffID: id, tokenHash: token.hash, passwordHash: hash, sealedSecret: sealedSecret, now: lastSecond)
            }

            #expect(try await !staff.enrol(enrolment(bea.id, "bea's")))
            #expect(try await staff.enrol(enrolment(added.id, "ana's")))
            #expect(try await !staff.enrol(enrolment(added.id, "again")))
            #expect(try await staff.enrolment(tokenHash: token.hash, at: lastSecond) == nil)
            let credentials = try #require(try await staff.credentials(forEmail: " Ana@Koober.example"))
            #expect(credentials.passwordHash == "ana's" && credentials.sealedSecret == sealedSecret)
            #expect(credentials.lastTOTPStep == nil && credentials.member.isEnrolled)
            #expect(try await staff.list().map(\.isEnrolled) == [true, false])
            #expect(try await staff.credentials(forEmail: bea.email) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aLinkEndsTwentyFourHoursAfterTheAdd(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let clock = TestClock(referenceTime)
            let (ana, token) = newStaffMember(at: clock.now)
            let added = try await repositories.staff.add(ana)
            clock.advance(by: .seconds(24 * 60 * 60))

            #expect(try await repositories.staff.enrolment(tokenHash: token.hash, at: clock.now) == nil)
            let late = StaffEnrolment(
                staffID: added.id, tokenHash: token.hash, passwordHash: "late", sealedSecret: sealedSecret,
                now: clock.now)
            #expect(try await !repositories.staff.enrol(late))
            #expect(try await repositories.staff.credentials(forEmail: added.email) == nil)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anAuthenticatorStepIsRecordedOnlyWhenLaterThanTheLast(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let staff = repositories.staff
            let ana = try await enrolledStaffMember(in: staff)
            #expect(try await staff.recordTOTPStep(100, staffID: ana.id))
            #expect(try await !staff.recordTOTPStep(100, staffID: ana.id))
            #expect(try await !staff.recordTOTPStep(99, staffID: ana.id))
            #expect(try await staff.recordTOTPStep(101, staffID: ana.id))
            #expect(try await staff.credentials(forEmail: ana.email)?.lastTOTPStep == 101)
            #expect(try await !staff.recordTOTPStep(102, staffID: StaffID(ana.id.rawValue + 1_000)))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func ofManyRecordsOfOneStepAtOnceExactlyOneWins(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let staff = repositories.staff
            let ana = try await enrolledStaffMember(in: staff)
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 { group.addTask { try await staff.recordTOTPStep(59_000_000, staffID: ana.id) } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
            #expect(try await staff.credentials(forEmail: ana.email)?.lastTOTPStep == 59_000_000)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func theLastSignInIsListed(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let ana = try await enrolledStaffMember(in: repositories.staff)
            try await repositories.staff.recordSignIn(staffID: ana.id, at: referenceTime + 60.5)
            #expect(try await repositories.staff.list().first?.lastSignInAt == referenceTime + 60)
        }
    }
}
