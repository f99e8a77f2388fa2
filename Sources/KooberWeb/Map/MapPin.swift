import Foundation
import KooberKit

/// A point on the map.
struct MapPin: Sendable, Hashable {
    let name: String
    let latitude: Double
    let longitude: Double

    /// The pin as a KooberKit `Location`, for great-circle distances.
    var location: Location { Location(latitude: latitude, longitude: longitude) }
}

/// Turns latitude and longitude into viewBox points for a frame that holds the given pins.
///
/// Equirectangular: at city scale the Earth is flat enough, and the error is far below a pixel. Longitude
/// is scaled by cos(mean latitude) so that a kilometre east is as long on screen as a kilometre north
/// (in Sydney a degree of longitude is only ~83% of a degree of latitude). One scale serves both axes, so
/// the map is never stretched.
struct MapProjection: Sendable {
    /// Kilometres per degree of latitude on a sphere of the haversine radius.
    static let kilometresPerDegree = 2 * Double.pi * Location.earthRadiusKilometres / 360

    let width: Double
    let height: Double
    /// Screen pixels per kilometre, the same horizontally and vertically.
    let pixelsPerKilometre: Double
    let centreLatitude: Double
    let centreLongitude: Double
    let longitudeFactor: Double

    /// A frame centred on `pins`, leaving `marginFraction` of each side free, and showing at least
    /// `minimumSpanKilometres` on each axis so that one pin, or two at the same spot, still gives a finite scale.
    init(
        fitting pins: [MapPin], width: Double, height: Double,
        marginFraction: Double = 0.12, minimumSpanKilometres: Double = 1
    ) {
        precondition(!pins.isEmpty, "a map frames at least one pin")
        self.width = width
        self.height = height
        let latitudes = pins.map(\.latitude)
        let longitudes = pins.map(\.longitude)
        // The centre of the bounding box, so that the pins sit symmetrically around the middle of the map.
        centreLatitude = (latitudes.min()! + latitudes.max()!) / 2
        centreLongitude = (longitudes.min()! + longitudes.max()!) / 2
        longitudeFactor = cos(centreLatitude * .pi / 180)
        let spanEast = (longitudes.max()! - longitudes.min()!) * Self.kilometresPerDegree * longitudeFactor
        let spanNorth = (latitudes.max()! - latitudes.min()!) * Self.kilometresPerDegree
        let usableWidth = width * (1 - 2 * marginFraction)
        let usableHeight = height * (1 - 2 * marginFraction)
        pixelsPerKilometre = min(
            usableWidth / max(spanEast, minimumSpanKilometres),
            usableHeight / max(spanNorth, minimumSpanKilometres))
    }

    /// Kilometres east and north of the frame's centre (the projection before scaling).
    func kilometres(from pin: MapPin) -> (east: Double, north: Double) {
        (
            (pin.longitude - centreLongitude) * Self.kilometresPerDegree * longitudeFactor,
            (pin.latitude - centreLatitude) * Self.kilometresPerDegree
        )
    }

    /// Where `pin` lands in the viewBox; y grows downwards, so north is up.
    func point(for pin: MapPin) -> (x: Double, y: Double) {
        let offset = kilometres(from: pin)
        return (width / 2 + offset.east * pixelsPerKilometre, height / 2 - offset.north * pixelsPerKilometre)
    }
}

/// A pin's name beside it, on the side where it has room, cut short rather than leave the map.
struct MapLabel: Sendable, Equatable {
    /// `pickup` or `dropoff`.
    let kind: String
    /// Where the text is anchored, and the pin's centre height.
    let x: Double
    let y: Double
    /// `start` (the text runs right of `x`) or `end` (it runs left).
    let anchor: String
    let text: String

    /// From the pin's centre to the text, and the least room kept free at a limit.
    static let gap = 15.0
    static let edge = 4.0

    /// The labels of one or two pins. A label points towards the middle of the map, where the room is,
    /// unless both pins share a row: then the labels point apart when the pins are close (they would
    /// overlap), or towards each other when the pins are far apart, each stopping halfway.
    static func layout(
        pickup: (name: String, point: (x: Double, y: Double)),
        dropoff: (name: String, point: (x: Double, y: Double))?,
        width: Double, fontSize: Double
    ) -> [MapLabel] {
        func label(
            _ kind: String, _ pin: (name: String, point: (x: Double, y: Double)),
            right: Bool, limit: Double? = nil
        ) -> MapLabel {
            let limit = limit ?? (right ? width - edge : edge)
            let x = right ? pin.point.x + gap : pin.point.x - gap
            return MapLabel(
                kind: kind, x: x, y: pin.point.y, anchor: right ? "start" : "end",
                text: fitted(pin.name, into: abs(limit - x) / fontSize))
        }
        guard let dropoff else { return [label("pickup", pickup, right: pickup.point.x <= width / 2)] }
        let (start, end) = (pickup.point, dropoff.point)
        if abs(start.y - end.y) >= 1.5 * fontSize {
            return [
                label("pickup", pickup, right: start.x <= width / 2),
                label("dropoff", dropoff, right: end.x <= width / 2),
            ]
        }
        let pickupIsLeft = start.x <= end.x
        if abs(start.x - end.x) <= width / 2 {
            return [label("pickup", pickup, right: !pickupIsLeft), label("dropoff", dropoff, right: pickupIsLeft)]
        }
        let middle = (start.x + end.x) / 2
        return [
            label("pickup", pickup, right: pickupIsLeft, limit: pickupIsLeft ? middle - edge : middle + edge),
            label("dropoff", dropoff, right: !pickupIsLeft, limit: pickupIsLeft ? middle + edge : middle - edge),
        ]
    }

    /// `name`, or its start and an ellipsis, no wider than `room` em (the full name is in the map's title).
    static func fitted(_ name: String, into room: Double) -> String {
        guard estimatedWidth(of: name) > room else { return name }
        var kept = Substring(name)
        while !kept.isEmpty, estimatedWidth(of: kept + "…") > room { kept = kept.dropLast() }
        return kept + "…"
    }

    /// An upper bound of `text`'s width, in em. The server cannot measure fonts, so each character counts
    /// at least its advance in DejaVu Sans, wider than the usual sans-serif faces: a name that fits here fits.
    static func estimatedWidth(of text: some StringProtocol) -> Double {
        text.reduce(0) { total, character in
            switch character {
            case " ", "i", "l", "j", "t", "f", "r", ".", ",", ";", ":", "'", "!", "|", "(", ")", "[", "]", "-", "/":
                total + 0.42
            case "m", "w", "M", "W", "…", "@", "%", "#", "&", "+", "<", "=", ">", "^", "~": total + 1
            default: total + (character.isUppercase ? 0.8 : 0.65)
            }
        }
    }
}
