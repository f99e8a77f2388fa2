import ArgumentParser
import KooberKit

/// `koober staff`: Koober Ops' staff, made, listed and removed on the command line only (SPEC.md, "Koober Ops").
struct Staff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Adds, lists and removes Koober Ops staff.",
        discussion: """
            Opens the database as koober does (--database, or KOOBER_DATABASE). Examples:

              koober staff add ana@koober.example --name "Ana Lima" --role admin
              koober staff list
              koober staff remove ana@koober.example

            Exit codes: 0 done; 1 refused (an enrolled email, no such member, no staff key) or the store failed; 64 an \
            argument is not valid.
            """,
        subcommands: [StaffAdd.self, StaffList.self, StaffRemove.self]
    )
}

extension StaffRole: ExpressibleByArgument {}
