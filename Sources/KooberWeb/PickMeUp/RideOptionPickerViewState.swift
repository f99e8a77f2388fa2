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
        /// "3 min away", or "None free nearby" when every animal of the option is busy.
        let availability: String?
    }

    let dropoffName: String
    let options: [Option]
    let confirmAction = Route.confirmRide.path
    let changePath = Route.dropoffPicker.path
    let schedule: ScheduleFormViewState

    init(
        dropoff: NamedLocation, quotes: [RideQuote], availability: FleetAvailability?,
        schedule: ScheduleFormViewState = ScheduleFormViewState(), _ words: Words
    ) {
        dropoffName = dropoff.name
        self.schedule = schedule
        options = quotes.map { quote in
            Option(
                id: quote.option.id, inputID: "ride-option-\(quote.option.id)", name: quote.option.name,
                riders: words.counting("rideOptions.riders", quote.option.riders), fare: quote.fareCents.displayed,
                imagePath: "/images/\(quote.option.id).svg",
                availability: availability.map { availability in
                    availability.minutesAway[quote.option.id].map { words.counting("rideOptions.minutesAway", $0) }
                        ?? words("rideOptions.noneFree")
                }
            )
        }
    }
}
