import ArgumentParser

/// `koober seed session`: a session for an existing rider, with a drop-off chosen if asked.
struct SeedSession: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Starts a browser session for an existing rider, with a drop-off chosen if asked.",
        discussion: #"Prints {"email", "id", "token"}: "token" is the koober_session cookie's value."# + "\n\n"
            + SeedStorage.help
    )

    @ParentCommand var koober: KooberCommand

    @Option(help: "The rider's email.")
    var email = "johnny@gmail.com"

    @Option(help: "Choose the first place (by id) whose name contains this as the rider's drop-off.")
    var dropoff: String?

    func run() async throws {
        try await SeedStorage.withSeeder(koober) { seeder in
            let rider = try await seeder.user(email: email)
            let token = try await seeder.startSession(userID: rider.id)
            if let dropoff {
                _ = try await seeder.chooseDropoff(userID: rider.id, named: dropoff)
            }
            try SeedOutput.print(SeedOutput.Rider(id: rider.id.rawValue, email: rider.email, token: token.value))
        }
    }
}
