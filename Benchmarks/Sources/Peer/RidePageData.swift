import Foundation

/// What Koober's signed-in pick-me-up page shows with a drop-off chosen, read from the JSON file the run script writes
/// from Koober's own page: the peer renders the same data through the same template.
struct RidePageData: Decodable {
    struct Option: Decodable {
        let id: String
        let name: String
        let riders: String
        let fare: String
        /// "3 min away", or "None free nearby" (issue 19).
        let availability: String?
    }

    let assetVersion: String
    let csrfToken: String
    let greeting: String
    let mapSVG: String
    let dropoffName: String
    let options: [Option]

    /// The context in swift-mustache's fastest form: dictionaries, which it reads without reflection.
    var context: [String: Any] {
        [
            "csrfToken": csrfToken,
            "greeting": greeting,
            "profilePath": "/profile",
            "whereToPath": "/ride/dropoff",
            "mapSVG": mapSVG,
            "choosingDropoff": false,
            "rideOptionPicker": [
                "dropoffName": dropoffName,
                "confirmAction": "/ride/confirm",
                "changePath": "/ride/dropoff",
                "options": options.map { option -> [String: Any] in
                    var values: [String: Any] = [
                        "id": option.id, "inputID": "ride-option-\(option.id)", "name": option.name,
                        "riders": option.riders, "fare": option.fare, "imagePath": "/images/\(option.id).svg",
                    ]
                    if let availability = option.availability { values["availability"] = availability }
                    return values
                },
            ] as [String: Any],
        ]
    }
}
