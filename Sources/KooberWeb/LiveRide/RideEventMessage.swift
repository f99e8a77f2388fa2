import Foundation
import KooberKit
import NIOCore

/// One `event: ride` of the stream: `{"status", "headline", "eta_seconds", "position"}`, with `null` where a value
/// does not apply.
struct RideEventMessage: Encodable {
    struct Position: Encodable {
        let latitude: Double
        let longitude: Double
    }

    let status: String
    let headline: String
    let etaSeconds: Int?
    let position: Position?

    init(_ progress: RideProgress, ride: Ride) {
        status = progress.status.rawValue
        headline = RideHeadline.headline(progress, ride: ride)
        etaSeconds = progress.etaSeconds.map { Int($0.rounded(.up)) }
        position = progress.position.map { Position(latitude: $0.latitude, longitude: $0.longitude) }
    }

    enum CodingKeys: String, CodingKey {
        case status, headline, etaSeconds = "eta_seconds", position
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(headline, forKey: .headline)
        try container.encode(etaSeconds, forKey: .etaSeconds)  // `nil` is written as null, not left out
        try container.encode(position, forKey: .position)
    }

    /// The event as the stream's bytes: `id:`, `event: ride`, one `data:` line (JSON has no raw newlines).
    func bytes(id: RideEventID) -> ByteBuffer {
        let json = (try? Self.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return ByteBuffer(string: "id: \(id.text)\nevent: ride\ndata: \(json)\n\n")
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
