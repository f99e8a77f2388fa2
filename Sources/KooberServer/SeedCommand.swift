import ArgumentParser

/// `koober seed`: writes riders, sessions and rides into koober's database through Koober's own repositories, for
/// benchmarks and demos, and prints what it wrote as JSON lines.
struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes riders, sessions and rides into koober's database, for benchmarks and demos.",
        discussion: """
            Opens the database as koober does (--database, or KOOBER_DATABASE; a new file is created, migrated and \
            seeded with the places, the demo account and the fleet), writes through Koober's own repositories, and \
            prints one JSON object a line on standard output (logs go to standard error). It may run beside a koober \
            serving the same database. Examples:

              koober seed riders --count 100 --sessions --ride finding
              koober seed session --email johnny@gmail.com --dropoff "Opera House"
              koober seed busy-fleet --fleet-size 1
              koober seed history --email johnny@gmail.com --rides 20000
              koober seed scheduled-rides --count 300 --start-at 1764300000
              koober seed ratings --stars 5 --stars 5 --stars 4
            """,
        subcommands: [
            SeedRiders.self, SeedSession.self, SeedBusyFleet.self, SeedHistory.self, SeedBookings.self,
            SeedRatings.self,
        ]
    )
}
