import KooberKit
import LogLines
import NIOCore

/// One `event: fleet` of Koober Ops' fleet stream: `{"animals": [...]}`, each animal with its state, its words and
/// where it is.
struct FleetEventMessage {
    /// One animal as the stream tells of it.
    struct Animal: Equatable, Sendable {
        let id: Int64
        let name: String
        let option: String
        let state: String
        let stateText: String
        let place: String
        let latitude: Double
        let longitude: Double

        init(_ status: FleetAnimalStatus, place: String) {
            id = status.id.rawValue
            name = status.name
            option = status.rideOptionName
            state = status.state.rawValue
            stateText = FleetStateWords.text(status)
            self.place = place
            latitude = status.position.latitude
            longitude = status.position.longitude
        }
    }

    let animals: [Animal]

    /// The event as the stream's bytes. The JSON is written by hand, keys in order, strings escaped as the JSON log
    /// escapes them (as `RideEventMessage` is): Foundation's `JSONEncoder` took milliseconds for a fleet of 2,000.
    func bytes() -> ByteBuffer {
        var json = #"{"animals":["#
        json.reserveCapacity(64 + animals.count * 160)
        for (index, animal) in animals.enumerated() {
            if index > 0 { json += "," }
            json += #"{"id":\#(animal.id),"latitude":"#
            json += animal.latitude.isFinite ? "\(animal.latitude)" : "null"
            json += #","longitude":"#
            json += animal.longitude.isFinite ? "\(animal.longitude)" : "null"
            json += #","name":"#
            json.appendJSONString(animal.name)
            json += #","option":"#
            json.appendJSONString(animal.option)
            json += #","place":"#
            json.appendJSONString(animal.place)
            json += #","state":"#
            json.appendJSONString(animal.state)
            json += #","state_text":"#
            json.appendJSONString(animal.stateText)
            json += "}"
        }
        json += "]}"
        return ByteBuffer(string: "event: fleet\ndata: \(json)\n\n")
    }
}
