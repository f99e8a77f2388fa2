import KooberKit

extension Ride {
    /// "Skippy the Wallaroo", once the ride has its animal: how the pages, the mail and Koober Cloud name it.
    var animalTitle: String? { assignment.map { "\($0.animalName) the \(rideOptionName)" } }
}
