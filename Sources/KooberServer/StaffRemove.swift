import ArgumentParser
import KooberKit

/// `koober staff remove`: a staff member, and every session of theirs, at once.
struct StaffRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Removes a staff member; their sessions end at once.",
        discussion: StaffStorage.help
    )

    @ParentCommand var koober: KooberCommand

    @Argument(help: "The member's email.")
    var email: String

    func validate() throws {
        if let problem = AddStaffMemberUseCase.problems(email: email, name: "-")[.email] {
            throw ValidationError(StaffWords.problem(problem, of: .email, email))
        }
    }

    func run() async throws {
        try await StaffStorage.withStaff(koober, needsKey: false) { staff in
            do {
                let removed = try await RemoveStaffMemberUseCase(email: email, repository: staff.repository).run()
                staff.note("Removed \(removed.email) (\(removed.role.rawValue)); their sessions have ended.")
            } catch RemoveStaffMemberError.noSuchMember {
                throw StaffCommandError("No staff member has the email \(EmailAddress.normalize(email))")
            }
        }
    }
}
