import KooberKit

/// Step 2: where the ride goes, and the three options with their riders and fares. None is pre-chosen.
struct RideOptionPickerViewState: Sendable, Encodable {
    struct Option: Sendable, Encodable {
        let id: String
        let inputID: String
        let name: String
        let riders: String
        let fare: String
        let imagePath: String
    }

    let dropoffName: String
    let options: [Option]
    let confirmAction = Route.confirmRide.path
    let changePath = Route.dropoffPicker.path

    init(dropoff: NamedLocation, quotes: [RideQuote]) {
        dropoffName = dropoff.name
        options = quotes.map { quote in
            Option(
                id: quote.option.id, inputID: "ride-option-\(quote.option.id)", name: quote.option.name,
                riders: "\(quote.option.riders) riders", fare: Fare.format(cents: quote.fareCents),
                imagePath: "/images/\(quote.option.id).svg"
            )
        }
    }
}
