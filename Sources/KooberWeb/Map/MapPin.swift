import Foundation
import KooberKit
import KooberMap

/// A point on the map.
struct MapPin: Sendable, Hashable {
    let name: String
    let latitude: Double
    let longitude: Double

    /// The pin as a KooberKit `Location`, for great-circle distances.
    var location: Location { Location(latitude: latitude, longitude: longitude) }

    /// Where the pin is on the map plane.
    var planePoint: MapPoint { MapPlane.point(latitude: latitude, longitude: longitude) }
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

    /// An upper bound of `text`'s width, in em (`TextWidth`, which the base map's names use too).
    static func estimatedWidth(of text: some StringProtocol) -> Double {
        TextWidth.estimate(of: text)
    }
}
