import ArgumentParser

/// `koober seed history`: a long ride history for an existing rider.
struct SeedHistory: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Adds ended rides to an existing rider's history.",
        discussion: """
            One ride every 15 minutes, two to a second, the newest an hour ago; four in five finished with an animal \
            of the fleet, the fifth cancelled while finding; all left behind. Prints a line per ride, newest first (the \
            history's order): {"cursor", "id", "requested_at", "status"}, "cursor" being the history page that follows \
            the ride (/profile/rides?before=<cursor>). With --reports N, the N newest finished rides are reported a \
            minute after they ended, as Report a Problem stores a report, and left open (Koober Ops' dashboard).
            """ + "\n\n" + SeedStorage.help
    )

    @ParentCommand var koober: KooberCommand

    @Option(help: "The rider's email.")
    var email: String

    @Option(help: "How many rides.")
    var rides: Int

    @Flag(help: "Confirm the rider's email and queue each finished ride's receipt, as the dispatcher does.")
    var receipts = false

    @Option(
        help: "Report a problem with this many of the newest finished rides, a minute after each ended (left open).")
    var reports = 0

    func validate() throws {
        guard rides >= 0 else { throw ValidationError("The number of rides must be 0 or more") }
        guard reports >= 0 else { throw ValidationError("The number of reports must be 0 or more") }
    }

    func run() async throws {
        try await SeedStorage.withSeeder(koober) { seeder in
            let rider = try await seeder.user(email: email)
            let made = try await seeder.history(userID: rider.id, count: rides, receipts: receipts)
            try await seeder.report(made.filter { $0.status == .finished }, count: reports)
            for ride in made {
                try SeedOutput.print(SeedOutput.HistoryRide(ride))
            }
        }
    }
}
