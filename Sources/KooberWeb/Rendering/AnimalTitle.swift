import KooberKit

extension Ride {
    /// "Skippy the Wallaroo", once the ride has its animal: how the pages, the mail and Koober Cloud name it, in
    /// `words`' language.
    func animalTitle(_ words: Words) -> String? {
        assignment.map { words("ride.animalTitle", ["name": $0.animalName, "rideOption": rideOptionName]) }
    }
}
