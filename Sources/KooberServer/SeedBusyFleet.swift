import ArgumentParser

/// `koober seed busy-fleet`: every free animal on a ride of hours, so that rides requested afterwards stay finding.
struct SeedBusyFleet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "busy-fleet",
        abstract: "Gives every free animal in service a ride hours long, so that new rides stay finding.",
        discussion: """
            Each ride is a new rider's (emails blocker<n>@seed.koober, no session), assigned as though the animal stood \
            100 km from the pick-up. Prints {"animals"}: how many were made busy.
            """ + "\n\n" + SeedStorage.help
    )

    @ParentCommand var koober: KooberCommand

    func run() async throws {
        try await SeedStorage.withSeeder(koober) { seeder in
            try SeedOutput.print(["animals": try await seeder.occupyFleet()])
        }
    }
}
