import Foundation
import KooberKit
import KooberMap

/// Koober Ops' fleet map: Sydney's base map (`MapTiles`, as the riders' pages draw it) framed on Koober's places, and
/// over it every animal, marked by its state with a shape of its own (free: a circle, on a ride: a diamond, out of
/// service: a square with a cross), so that the marks differ in more than colour. Drawn on the server as inline SVG,
/// with no script and no `style` attribute; the page's script (`Public/js/fleet.js`) moves the marks with the
/// projection the SVG carries (`data-*`, as the ride page's map does).
struct FleetMap: Sendable {
    let animals: [FleetAnimalStatus]
    let width: Int
    let height: Int
    private let tiles: MapTiles
    private let frame: MapFrame

    static let titleID = "fleet-map-title"

    /// The frame holds Koober's places and its pick-up point: it never moves with the animals.
    init(animals: [FleetAnimalStatus], places: [NamedLocation], tiles: MapTiles, width: Int = 720, height: Int = 520) {
        self.animals = animals
        self.tiles = tiles
        self.width = width
        self.height = height
        frame = Self.frame(places: places, width: width, height: height)
    }

    private static func frame(places: [NamedLocation], width: Int, height: Int) -> MapFrame {
        let framed = places.map(\.location) + [SydneyLocator.sydney]
        return MapFrame(
            fitting: framed.map { MapPlane.point(latitude: $0.latitude, longitude: $0.longitude) },
            width: Double(width), height: Double(height), marginFraction: 0.05)
    }

    /// A whole pixel of the map Koober Ops shows (Koober's places, 720 × 520).
    struct Pixel: Equatable, Sendable {
        let x: Int
        let y: Int
    }

    private static let opsFrame = frame(places: SydneyPlaces.all, width: 720, height: 520)

    /// The pixel of Koober Ops' fleet map where `position` falls (a position far off the map, or not a number, is
    /// held at a million pixels out): a fleet stream tells of a moving animal again once this changes.
    static func pixel(of position: Location) -> Pixel {
        let point = opsFrame.point(for: MapPlane.point(latitude: position.latitude, longitude: position.longitude))
        func whole(_ value: Double) -> Int { value.isFinite ? Int(min(max(value, -1e6), 1e6).rounded()) : 0 }
        return Pixel(x: whole(point.x), y: whole(point.y))
    }

    /// What the map shows, in words (its `<title>`); the table beside it names every animal.
    var textAlternative: String {
        let counts = FleetAnimalState.allCases.map { state in
            "\(animals.filter { $0.state == state }.count) \(FleetStateWords.text(state).lowercased())"
        }
        return "Map of Sydney with \(animals.count) animals: \(counts.joined(separator: ", "))."
    }

    /// The complete `<svg …>…</svg>` markup.
    var svg: String {
        let base = RouteMap.baseLayer(frame: frame, tiles: tiles, width: width, height: height).element
        let marks = animals.map(mark(for:))
        let centre = frame.centreCoordinate
        let projection = [
            ("data-centre-latitude", centre.latitude),
            ("data-centre-longitude", centre.longitude),
            ("data-km-per-degree-north", MapPlane.metresPerDegree / 1000),
            ("data-km-per-degree-east", MapPlane.metresPerDegree / 1000 * MapPlane.eastFactor),
            ("data-pixels-per-km", frame.zoom.pixelsPerKilometre),
        ].map { " \($0.0)=\"\($0.1)\"" }.joined()
        let open =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" class=\"route-map fleet-map\""
            + " id=\"fleet-map\" role=\"img\" aria-labelledby=\"\(Self.titleID)\"\(projection)>"
        let parts = [
            open,
            RouteMap.element("title", ["id": Self.titleID], String.htmlEscaped(textAlternative)),
            base,
            RouteMap.element("g", ["class": "fleet-marks"], marks.joined(separator: "\n")),
            "</svg>",
        ]
        return parts.joined(separator: "\n")
    }

    /// One animal's mark: every shape is drawn, and the stylesheet shows the one of its state (`fleet-<state>`), so the
    /// script changes a mark's state by its class alone.
    private func mark(for animal: FleetAnimalStatus) -> String {
        let point = frame.point(
            for: MapPlane.point(latitude: animal.position.latitude, longitude: animal.position.longitude))
        let shapes = [
            RouteMap.element(
                "circle",
                ["class": "fleet-shape-free", "r": "6", "fill": "#01CDBD", "stroke": "#313541", "stroke-width": "1.5"]),
            RouteMap.element(
                "polygon",
                [
                    "class": "fleet-shape-on_ride", "points": "0,-8 8,0 0,8 -8,0", "fill": "#FF8831",
                    "stroke": "#313541", "stroke-width": "1.5",
                ]),
            RouteMap.element(
                "path",
                [
                    "class": "fleet-shape-out_of_service", "d": "M-6,-6H6V6H-6Z M-4,-4L4,4 M4,-4L-4,4",
                    "fill": "#B8BCC6", "stroke": "#313541", "stroke-width": "1.5",
                ]),
        ]
        return RouteMap.element(
            "g",
            [
                "id": "fleet-mark-\(animal.id.rawValue)", "class": "fleet-mark fleet-\(animal.state.rawValue)",
                "data-latitude": "\(animal.position.latitude)", "data-longitude": "\(animal.position.longitude)",
                "transform": "translate(\(RouteMap.decimal(point.x)) \(RouteMap.decimal(point.y)))",
            ],
            RouteMap.element(
                "title", [:],
                String.htmlEscaped("\(animal.name), \(animal.rideOptionName): \(FleetStateWords.text(animal.state))"))
                + shapes.joined())
    }
}

/// The words of an animal's state, as the fleet's table, map titles and stream say them.
enum FleetStateWords {
    static func text(_ state: FleetAnimalState) -> String {
        switch state {
        case .free: "Free"
        case .onRide: "On a ride"
        case .outOfService: "Out of service"
        }
    }

    /// The state as the table's cell says it: an animal out of service still carrying its ride says so.
    static func text(_ animal: FleetAnimalStatus) -> String {
        animal.isFinishingRide ? "Out of service (finishing its ride)" : text(animal.state)
    }
}
