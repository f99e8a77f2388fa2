import Foundation

/// The animal a ride got, when, and where the animal set off from: with the ride's pick-up, drop-off and clock rate,
/// everything that happens after is known (`RideTimeline`).
public struct RideAssignment: Equatable, Sendable {
    public let animalID: AnimalID
    public let animalName: String
    public let assignedAt: Date
    public let start: Location

    public init(animalID: AnimalID, animalName: String, assignedAt: Date, start: Location) {
        self.animalID = animalID
        self.animalName = animalName
        self.assignedAt = assignedAt
        self.start = start
    }
}
