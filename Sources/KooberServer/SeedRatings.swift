import ArgumentParser

/// `koober seed ratings`: every free animal of the fleet rated by riders, as Rate Your Ride rates.
struct SeedRatings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratings",
        abstract: "Rates every free animal of the fleet once for each --stars, as riders would.",
        discussion: """
            Each rating is a rider's finished ride with the animal, rated through Rate Your Ride's own rules and \
            transaction (which move the animal's running total). Prints a line per animal: {"id", "name", \
            "ride_option", "ratings", "stars_sum", "shown"}: its total as stored, and "shown" as the pages show it \
            ("★ 4.7"; null below three ratings).
            """ + "\n\n" + SeedStorage.help
    )

    @ParentCommand var koober: KooberCommand

    @Option(help: "The stars of each rating, 1 to 5; repeat for more ratings (--stars 5 --stars 4).")
    var stars: [Int] = []

    func validate() throws {
        guard stars.allSatisfy({ (1...5).contains($0) }) else { throw ValidationError("Stars are 1 to 5") }
    }

    func run() async throws {
        try await SeedStorage.withSeeder(koober) { seeder in
            for (animal, rating) in try await seeder.rateFleet(stars: stars) {
                try SeedOutput.print(SeedOutput.RatedAnimal(animal, rating))
            }
        }
    }
}
