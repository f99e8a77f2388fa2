import ArgumentParser
import Foundation
import KooberKit

/// `koober seed riders`: new riders, with sessions and a ride each if asked.
struct SeedRiders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "riders",
        abstract: "Adds riders, each with a session and a ride if asked.",
        discussion: """
            Prints a line per rider: {"email", "id", "ride", "token", "api_token"}; "token" is the koober_session \
            cookie's value (with --sessions), "api_token" a Koober Cloud token (with --tokens), "ride" the ride's id \
            (with --ride). With --burst, a last line {"fleet_back_at"} gives \
            when the fleet was back in service, in seconds since 1970.
            """ + "\n\n" + SeedStorage.help
    )

    enum RideKind: String, ExpressibleByArgument, CaseIterable {
        case none, finding
        case onTheWay = "on-the-way"
    }

    @ParentCommand var koober: KooberCommand

    @Option(help: "How many riders.")
    var count: Int

    @Option(help: "Emails are <prefix><n>@seed.koober, from the first n not taken.")
    var emailPrefix = "rider"

    @Option(help: "Every rider's password (hashed once by Koober's hasher).")
    var password = "seeded-password"

    @Flag(help: "Start a browser session for each rider and print its token.")
    var sessions = false

    @Flag(help: "Start a Koober Cloud token for each rider (Authorization: Bearer) and print it.")
    var tokens = false

    @Option(
        help: """
            A ride for each rider: none; finding (requested now, the options in turn); or on-the-way (assigned now to \
            an animal of its own, added beyond the fleet, --kilometres-away from the pick-up).
            """
    )
    var ride = RideKind.none

    @Option(help: "With --ride on-the-way: how far each rider's animal stands from the pick-up.")
    var kilometresAway = 8.0

    @Flag(
        help: """
            With --ride finding: request the rides at random times in the last ten minutes, for random options, while \
            the fleet is out of service, then put the fleet back in one step: a running koober's dispatcher finds them \
            all at one look.
            """
    )
    var burst = false

    func validate() throws {
        guard count >= 0 else { throw ValidationError("The count must be 0 or more") }
        guard !burst || ride == .finding else { throw ValidationError("--burst needs --ride finding") }
        guard kilometresAway > 0, kilometresAway <= 1_000 else {
            throw ValidationError("--kilometres-away must be more than 0 and at most 1000")
        }
    }

    func run() async throws {
        try await SeedStorage.withSeeder(koober) { seeder in
            let riders = try await seeder.riders(count: count, emailPrefix: emailPrefix, password: password)
            var lines = riders.map { SeedOutput.Rider(id: $0.id.rawValue, email: $0.email) }
            for index in riders.indices {
                if sessions { lines[index].token = try await seeder.startSession(userID: riders[index].id).value }
                if tokens {
                    lines[index].apiToken = try await seeder.startSession(userID: riders[index].id, kind: .api).value
                }
            }
            var fleetBackAt: Date?
            let rides: [Ride]
            switch ride {
            case .none: rides = []
            case .finding where burst:
                let seeded = try await seeder.burst(for: riders)
                rides = seeded.rides
                fleetBackAt = seeded.fleetBackAt
            case .finding: rides = try await seeder.findingRides(for: riders)
            case .onTheWay: rides = try await seeder.ridesOnTheWay(for: riders, kilometres: kilometresAway)
            }
            for (index, ride) in rides.enumerated() {
                lines[index].ride = ride.id.rawValue
            }
            for line in lines {
                try SeedOutput.print(line)
            }
            if let fleetBackAt {
                try SeedOutput.print(["fleet_back_at": fleetBackAt.timeIntervalSince1970])
            }
        }
    }
}
