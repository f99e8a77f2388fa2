import ArgumentParser
import Foundation
import KooberKit

/// `koober seed scheduled-rides`: new riders, each with a ride booked for one start time.
struct SeedBookings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scheduled-rides",
        abstract: "Adds riders, each with a ride booked to start at one time.",
        discussion: """
            Every booking starts at --start-at (its pick-up 10 minutes later), the options in turn and the drop-offs \
            among the places, stored as Schedule stores one but without the rider's 15 minutes' lead. Prints a line \
            per rider: {"email", "id", "scheduled_ride"}.
            """ + "\n\n" + SeedStorage.help
    )

    @ParentCommand var koober: KooberCommand

    @Option(help: "How many riders, and bookings.")
    var count: Int

    @Option(help: "Emails are <prefix><n>@seed.koober, from the first n not taken.")
    var emailPrefix = "scheduled"

    @Option(help: "When every booking starts, in seconds since 1970.")
    var startAt: Double

    func validate() throws {
        guard count >= 0 else { throw ValidationError("The count must be 0 or more") }
        guard startAt.isFinite, startAt > 0 else { throw ValidationError("--start-at is seconds since 1970") }
    }

    func run() async throws {
        try await SeedStorage.withSeeder(koober) { seeder in
            let riders = try await seeder.riders(
                count: count, emailPrefix: emailPrefix, password: RandomToken.generate())
            let bookings = try await seeder.bookings(for: riders, startingAt: Date(timeIntervalSince1970: startAt))
            for (rider, booking) in zip(riders, bookings) {
                var line = SeedOutput.Rider(id: rider.id.rawValue, email: rider.email)
                line.scheduledRide = booking.id.rawValue
                try SeedOutput.print(line)
            }
        }
    }
}
