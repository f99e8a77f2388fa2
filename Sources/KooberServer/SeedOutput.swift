import Foundation
import KooberKit
import KooberWeb

/// What `koober seed` prints: one JSON object a line on standard output, for the script that asked.
enum SeedOutput {
    /// A rider: their id and email, the `koober_session` cookie's token when a session was started, their Koober Cloud
    /// token (`Authorization: Bearer`) when one was, and their ride's id when one was requested.
    struct Rider: Encodable {
        let id: Int64
        let email: String
        var token: String?
        var apiToken: String?
        var ride: Int64?
        /// The id of the rider's booking (`koober seed scheduled-rides`).
        var scheduledRide: Int64?

        enum CodingKeys: String, CodingKey {
            case id, email, token, ride
            case apiToken = "api_token"
            case scheduledRide = "scheduled_ride"
        }
    }

    /// An animal of the fleet with its running total of stars as stored, and its rating as the pages show it (`nil`
    /// below three ratings).
    struct RatedAnimal: Encodable {
        let id: Int64
        let name: String
        let rideOption: String
        let ratings: Int
        let starsSum: Int
        let shown: String?

        init(_ animal: Animal, _ rating: AnimalRating) {
            id = animal.id.rawValue
            name = animal.name
            rideOption = animal.rideOptionID
            ratings = rating.count
            starsSum = rating.starsSum
            shown = rating.words
        }

        enum CodingKeys: String, CodingKey {
            case id, name, ratings, shown
            case rideOption = "ride_option"
            case starsSum = "stars_sum"
        }
    }

    /// A ride of a history, with the cursor of the history page that follows it (`RideHistoryCursor`).
    struct HistoryRide: Encodable {
        let id: Int64
        let status: String
        let requestedAt: Int64
        let cursor: String

        init(_ ride: Ride) {
            id = ride.id.rawValue
            status = ride.status.rawValue
            requestedAt = Int64(ride.requestedAt.timeIntervalSince1970.rounded(.down))
            cursor = RideHistoryCursor(after: ride).text
        }

        enum CodingKeys: String, CodingKey {
            case id, status, cursor
            case requestedAt = "requested_at"
        }
    }

    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
