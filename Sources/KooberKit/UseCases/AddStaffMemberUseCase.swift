import Foundation

/// `koober staff add`: a staff member and their one-time enrolment link. The email is checked as a rider's is (its
/// bytes first, then its form) and the name is 1 to 100 characters once trimmed; a second add for an email not yet
/// enrolled replaces the name, the role and the link. The link's token is returned once, to print: storage keeps only
/// its hash. Throws an `AddStaffMemberError`, and then stores nothing.
public struct AddStaffMemberUseCase: Sendable {
    let email: String
    let name: String
    let role: StaffRole
    let now: Date
    let repository: any StaffRepository
    let policy: StaffEnrolmentPolicy

    public init(
        email: String, name: String, role: StaffRole, now: Date, repository: any StaffRepository,
        policy: StaffEnrolmentPolicy = StaffEnrolmentPolicy()
    ) {
        self.email = email
        self.name = name
        self.role = role
        self.now = now
        self.repository = repository
        self.policy = policy
    }

    /// The member as stored, with the token of their link.
    public func run() async throws -> (member: StaffMember, token: StaffEnrolmentToken) {
        let problems = Self.problems(email: email, name: name)
        guard problems.isEmpty else { throw AddStaffMemberError.invalid(problems) }
        let token = StaffEnrolmentToken.generate()
        let newMember = NewStaffMember(
            email: email, name: name.trimmingCharacters(in: .whitespacesAndNewlines), role: role, token: token,
            now: now, policy: policy)
        do {
            let member = try await repository.add(newMember)
            return (member, token)
        } catch StaffRepositoryError.alreadyEnrolled {
            throw AddStaffMemberError.alreadyEnrolled
        }
    }

    /// Each field's problem, by Sign Up's rules for an email and a name.
    public static func problems(email: String, name: String) -> [StaffField: FieldProblem] {
        let account = SignUpValidation.emailProblems(email)
        let profile = SignUpValidation.profileProblems(name: name, nickname: "-", mobileNumber: "0")
        var problems: [StaffField: FieldProblem] = [:]
        problems[.email] = account[.email]
        problems[.name] = profile[.name]
        return problems
    }
}
