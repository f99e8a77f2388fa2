import Foundation

/// The animal a ride got, when, and where the animal set off from: with the ride's pick-up, drop-off and clock rate,
/// everything that happens after is known (`RideTimeline`).
public struct RideAssignment: Equatable, Sendable {
    public let animalID: AnimalID
    public let animalName: String
    public let assignedAt: Date
    public let start: Location
    /// The animal's running total of stars, where the reader read it with the ride (the ride state of pick-me-up's
    /// page, in the same query); `nil` elsewhere. Not part of the assignment's identity: `==` ignores it.
    public var animalRating: AnimalRating?

    public init(
        animalID: AnimalID, animalName: String, assignedAt: Date, start: Location, animalRating: AnimalRating? = nil
    ) {
        self.animalID = animalID
        self.animalName = animalName
        self.assignedAt = assignedAt
        self.start = start
        self.animalRating = animalRating
    }

    public static func == (lhs: RideAssignment, rhs: RideAssignment) -> Bool {
        lhs.animalID == rhs.animalID && lhs.animalName == rhs.animalName && lhs.assignedAt == rhs.assignedAt
            && lhs.start == rhs.start
    }
}
