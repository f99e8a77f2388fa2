import ArgumentParser
import KooberKit

/// `koober staff list`: every staff member, a line each.
struct StaffList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Lists the staff: email, name, role, enrolled, last sign-in (UTC).",
        discussion: StaffStorage.help
    )

    @ParentCommand var koober: KooberCommand

    func run() async throws {
        try await StaffStorage.withStaff(koober, needsKey: false) { staff in
            let members = try await staff.repository.list()
            for line in StaffWords.table(members) {
                print(line)
            }
        }
    }
}
