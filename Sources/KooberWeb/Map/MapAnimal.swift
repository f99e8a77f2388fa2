/// A ride's animal on the map: who it is, where it is now, and where it set off from (which the frame holds).
struct MapAnimal: Sendable, Hashable {
    let name: String
    let title: String
    let rideOptionID: String
    let position: MapPin
    let framed: MapPin
    let imagePath: String
}
