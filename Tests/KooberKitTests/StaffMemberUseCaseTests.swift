import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// `koober staff add` and `remove` as use cases, on the in-memory store: the arguments checked as a rider's are, the
/// link's token returned once and stored as its hash, a second add replacing the link until the member enrols.
struct StaffMemberUseCaseTests {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func add(
        _ email: String, name: String = "Ana Lima", role: StaffRole = .support, to staff: any StaffRepository
    ) async throws -> (member: StaffMember, token: StaffEnrolmentToken) {
        try await AddStaffMemberUseCase(email: email, name: name, role: role, now: now, repository: staff).run()
    }

    @Test func anAddedMemberGetsALinkValidForADayWhoseTokenIsStoredAsItsHash() async throws {
        let staff = InMemoryStaffRepository()
        let (member, token) = try await add(" Ana@Koober.Example", name: "  Ana Lima ", to: staff)
        #expect(member.email == "ana@koober.example" && member.name == "Ana Lima" && member.role == .support)
        #expect(StaffEnrolmentToken(wellFormed: token.value) == token)
        #expect(token.hash.hex.count == 64 && token.hash.hex != token.value)
        #expect(try await staff.enrolment(tokenHash: token.hash, at: now + 86_399) == member)
        #expect(try await staff.enrolment(tokenHash: token.hash, at: now + 86_400) == nil)
    }

    @Test func addingAgainBeforeEnrolmentGivesANewLinkAndEndsTheOld() async throws {
        let staff = InMemoryStaffRepository()
        let first = try await add("ana@koober.example", to: staff)
        let second = try await add("ana@koober.example", role: .admin, to: staff)
        #expect(second.member.id == first.member.id && second.member.role == .admin)
        #expect(first.token != second.token)
        #expect(try await staff.enrolment(tokenHash: first.token.hash, at: now) == nil)
        #expect(try await staff.enrolment(tokenHash: second.token.hash, at: now) == second.member)
    }

    @Test func anEnrolledMemberIsNotAddedAgain() async throws {
        let staff = InMemoryStaffRepository()
        let (member, token) = try await add("ana@koober.example", to: staff)
        let enrolment = StaffEnrolment(
            staffID: member.id, tokenHash: token.hash, passwordHash: "hash",
            sealedSecret: SealedTOTPSecret(bytes: [1, 2, 3]), now: now)
        #expect(try await staff.enrol(enrolment))
        await #expect(throws: AddStaffMemberError.alreadyEnrolled) {
            _ = try await add("ana@koober.example", role: .admin, to: staff)
        }
        #expect(try await staff.list().map(\.role) == [.support])
    }

    static let invalid: [(String, String, [StaffField: FieldProblem])] = [
        ("", "Ana", [.email: .missing]),
        ("ana", "Ana", [.email: .notAnEmailAddress]),
        ("ana@koober", "Ana", [.email: .notAnEmailAddress]),
        ("an a@koober.example", "Ana", [.email: .notAnEmailAddress]),
        (String(repeating: "a", count: 250) + "@k.au", "Ana", [.email: .tooLong(.email)]),
        ("ana@koober.example", "", [.name: .missing]),
        ("ana@koober.example", " \t ", [.name: .missing]),
        ("ana@koober.example", String(repeating: "n", count: 101), [.name: .tooLong(.name)]),
        ("ana", "", [.email: .notAnEmailAddress, .name: .missing]),
    ]

    @Test(arguments: invalid)
    func invalidArgumentsAreRefusedAndNothingIsStored(
        email: String, name: String, problems: [StaffField: FieldProblem]
    ) async throws {
        let staff = InMemoryStaffRepository()
        await #expect(throws: AddStaffMemberError.invalid(problems)) { _ = try await add(email, name: name, to: staff) }
        #expect(try await staff.list().isEmpty)
    }

    @Test func aNameOfAHundredCharactersIsTaken() async throws {
        let staff = InMemoryStaffRepository()
        let name = String(repeating: "n", count: 100)
        #expect(try await add("ana@koober.example", name: name, to: staff).member.name == name)
    }

    @Test func removingAMemberRemovesThemAndAnUnknownEmailIsRefused() async throws {
        let staff = InMemoryStaffRepository()
        let (member, _) = try await add("ana@koober.example", to: staff)
        #expect(try await RemoveStaffMemberUseCase(email: "ANA@koober.example ", repository: staff).run() == member)
        #expect(try await staff.list().isEmpty)
        await #expect(throws: RemoveStaffMemberError.noSuchMember) {
            _ = try await RemoveStaffMemberUseCase(email: "ana@koober.example", repository: staff).run()
        }
    }
}
