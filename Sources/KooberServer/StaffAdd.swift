import ArgumentParser
import KooberKit

/// `koober staff add`: a staff member, and the one-time link at which they enrol, printed once.
struct StaffAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Adds a staff member and prints their one-time enrolment link.",
        discussion: """
            Prints <public URL>/ops/enrol?token=… (--public-url, or KOOBER_PUBLIC_URL), valid 24 hours, used once; \
            give it to the member alone. Adding an email again before it is enrolled replaces the name, the role and \
            the link; an enrolled member must be removed first. The staff key (--staff-key-file) is made beside an \
            SQLite database when there is none; with PostgreSQL it must be given.
            """ + "\n\n" + StaffStorage.help
    )

    @ParentCommand var koober: KooberCommand

    @Argument(help: "The member's email (signing in to /ops uses it).")
    var email: String

    @Option(help: "The member's name, 1 to 100 characters.")
    var name: String

    @Option(help: "What the member may do: support, fleet or admin.")
    var role: StaffRole

    func validate() throws {
        let problems = AddStaffMemberUseCase.problems(email: email, name: name)
        if let problem = problems[.email] { throw ValidationError(StaffWords.problem(problem, of: .email, email)) }
        if let problem = problems[.name] { throw ValidationError(StaffWords.problem(problem, of: .name, name)) }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("The name must not hold control characters (tabs, line breaks, escapes)")
        }
    }

    func run() async throws {
        try await StaffStorage.withStaff(koober, needsKey: true) { staff in
            do {
                let (member, token) = try await AddStaffMemberUseCase(
                    email: email, name: name, role: role, now: staff.now(), repository: staff.repository
                ).run()
                print(StaffWords.enrolmentLink(publicURL: staff.publicURL, token: token))
                staff.note("Added \(member.email) (\(member.role.rawValue)); the link is valid for 24 hours, once.")
            } catch AddStaffMemberError.alreadyEnrolled {
                throw StaffCommandError(
                    "\(EmailAddress.normalize(email)) is an enrolled staff member: koober staff remove it first")
            }
        }
    }
}
