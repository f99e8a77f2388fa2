/// How far each ride option's nearest free animal is from the pick-up, in simulated minutes (`nil`: none is free).
public struct FleetAvailability: Equatable, Sendable {
    public let minutesAway: [String: Int]

    public init(minutesAway: [String: Int]) {
        self.minutesAway = minutesAway
    }

    /// From the free animals and the pick-up: at 24 km/h, whole minutes rounded up, at least 1.
    public init(freeAnimals: [Animal], pickup: Location) {
        var minutes: [String: Int] = [:]
        for animal in freeAnimals {
            let hours = animal.location.kilometres(to: pickup) / RideTimeline.kilometresPerHour
            let away = max(1, Int((hours * 60).rounded(.up)))
            minutes[animal.rideOptionID] = min(minutes[animal.rideOptionID] ?? away, away)
        }
        minutesAway = minutes
    }
}
