import KooberKit
import LogLines
import NIOCore

/// One `event: ride` of the stream: `{"status", "headline", "eta_seconds", "position"}`, with `null` where a value
/// does not apply, and `"eta"`: the time to come in the watcher's words ("Arrives in 4 min"), which the page shows.
struct RideEventMessage {
    struct Position: Encodable, Sendable {
        let latitude: Double
        let longitude: Double
    }

    let status: String
    let headline: String
    let eta: String?
    let etaSeconds: Int?
    let position: Position?

    /// `words`: the watcher's language's, for the headline and the time to come.
    init(_ progress: RideProgress, ride: Ride, _ words: Words) {
        status = progress.status.rawValue
        headline = RideHeadline.headline(progress, ride: ride, words)
        eta = RideHeadline.eta(progress, words)
        etaSeconds = progress.etaSeconds.map { Int($0.rounded(.up)) }
        position = progress.position.map { Position(latitude: $0.latitude, longitude: $0.longitude) }
    }

    /// The event as the stream's bytes: `id:`, `event: ride`, one `data:` line. The JSON is written by hand (keys in
    /// order, strings escaped as the JSON log escapes them): Foundation's `JSONEncoder` was most of an event's cost
    /// with 10,000 moving rides (docs/performance.md).
    func bytes(id: RideEventID) -> ByteBuffer {
        var json = #"{"eta":"#
        if let eta { json.appendJSONString(eta) } else { json += "null" }
        json += #","eta_seconds":"# + (etaSeconds.map(String.init) ?? "null") + #","headline":"#
        json.appendJSONString(headline)
        json += #","position":"#
        if let position, position.latitude.isFinite, position.longitude.isFinite {
            json += #"{"latitude":\#(position.latitude),"longitude":\#(position.longitude)}"#
        } else {
            json += "null"
        }
        json += #","status":"#
        json.appendJSONString(status)
        return ByteBuffer(string: "id: \(id.text)\nevent: ride\ndata: \(json)}\n\n")
    }
}
