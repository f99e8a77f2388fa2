import Foundation
import KooberKit
import KooberMap
import MustacheRendering
import Synchronization

/// The pick-me-up map: Sydney's base map (`MapTiles`, images the browser keeps), and over it, drawn on the server as
/// inline SVG, the pick-up pin and, once chosen, the drop-off pin with the route to it, and the ride's animal.
///
/// Pure and deterministic: the same pins always give the same bytes. It needs no network, no script and
/// no `style` attribute (the page's CSP allows none): only SVG presentation attributes.
struct RouteMap: Sendable {
    let pickup: MapPin
    let dropoff: MapPin?
    /// During a ride: its animal, where it is now.
    let animal: MapAnimal?
    let width: Int
    let height: Int
    private let tiles: MapTiles
    private let frame: MapFrame
    /// The reader's language's words: the map's `<title>` is in it.
    private let words: Words

    /// The id of the `<title>` that names the map to screen readers (one map per page).
    static let titleID = "route-map-title"
    static let labelFontSize = 12.0
    static let landmarkFontSize = MapStyle.landmarkFontSize

    /// `animal`'s frame point (where it set off) is framed too, so the frame holds still while it moves.
    init(
        pickup: MapPin, dropoff: MapPin?, animal: MapAnimal? = nil, tiles: MapTiles, words: Words, width: Int = 360,
        height: Int = 400
    ) {
        self.words = words
        self.pickup = pickup
        self.dropoff = dropoff
        self.animal = animal
        self.tiles = tiles
        self.width = width
        self.height = height
        let framed = [pickup] + (dropoff.map { [$0] } ?? []) + (animal.map { [$0.framed] } ?? [])
        frame = MapFrame(fitting: framed.map(\.planePoint), width: Double(width), height: Double(height))
    }

    /// Where each pin lands in the viewBox.
    var pickupPoint: (x: Double, y: Double) { point(for: pickup) }
    var dropoffPoint: (x: Double, y: Double)? { dropoff.map(point(for:)) }

    /// The zoom level the map is drawn at.
    var zoom: MapZoom { frame.zoom }

    func point(for pin: MapPin) -> (x: Double, y: Double) {
        let point = frame.point(for: pin.planePoint)
        return (point.x, point.y)
    }

    /// What the map shows, in words: the SVG's `<title>`, which screen readers read.
    var textAlternative: String {
        guard let dropoff else { return words("map.pickupOnly", ["pickup": pickup.name]) }
        let kilometres = Kilometres(pickup.location.kilometres(to: dropoff.location)).number
        let route = words(
            "map.route", ["pickup": pickup.name, "dropoff": dropoff.name, "kilometres": kilometres])
        guard let animal else { return route }
        let away = Kilometres(animal.position.location.kilometres(to: pickup.location)).number
        return route + " " + words("map.animalAway", ["animal": animal.title, "kilometres": away])
    }

    /// The markup of the map between these pins, drawn once and then kept: the same rider reloads the same map
    /// again and again, and drawing it is a large part of `GET /ride` (docs/performance.md). The most recent
    /// `drawnLimit` maps are kept (a few kilobytes each); when the store is full it starts again empty.
    /// A map with an animal is drawn every time: the animal moves.
    static func svg(
        pickup: MapPin, dropoff: MapPin?, animal: MapAnimal? = nil, tiles: MapTiles, words: Words
    ) -> String {
        if let animal {
            return RouteMap(pickup: pickup, dropoff: dropoff, animal: animal, tiles: tiles, words: words).svg
        }
        let pins = Pins(pickup: pickup, dropoff: dropoff, version: tiles.version, language: words.language)
        if let svg = drawn.withLock({ $0[pins] }) { return svg }
        let svg = RouteMap(pickup: pickup, dropoff: dropoff, tiles: tiles, words: words).svg
        drawn.withLock { drawn in
            if drawn.count >= drawnLimit { drawn.removeAll(keepingCapacity: true) }
            drawn[pins] = svg
        }
        return svg
    }

    private struct Pins: Hashable {
        let pickup: MapPin
        let dropoff: MapPin?
        let version: String
        let language: Language
    }

    static let drawnLimit = 256
    private static let drawn = Mutex<[Pins: String]>([:])
    /// How many maps are kept (for tests: never more than `drawnLimit`).
    static var drawnCount: Int { drawn.withLock { $0.count } }

    /// The complete `<svg …>…</svg>` markup, every text XML-escaped.
    var svg: String {
        let start = pickupPoint
        let (reach, base) = Self.baseLayer(frame: frame, tiles: tiles, width: width, height: height)
        let labels = MapLabel.layout(
            pickup: (pickup.name, start),
            dropoff: dropoff.map { ($0.name, point(for: $0)) },
            width: Double(width), fontSize: Self.labelFontSize)
        // Painting order: the base map, the route, Koober's places, the pins, then the labels over everything.
        var parts = [
            Self.element("title", ["id": Self.titleID], String.htmlEscaped(textAlternative)),
            base,
        ]
        if let end = dropoffPoint {
            parts.append(
                Self.element(
                    "line",
                    [
                        "class": "map-route", "x1": Self.decimal(start.x), "y1": Self.decimal(start.y),
                        "x2": Self.decimal(end.x), "y2": Self.decimal(end.y), "stroke": "#313541", "stroke-width": "3",
                        "stroke-dasharray": "6 4", "stroke-linecap": "round",
                    ]))
        }
        parts.append(landmarks(reach: reach, labels: labels))
        parts.append(
            Self.element(
                "g", ["class": "map-pin map-pickup"],
                [
                    Self.element(
                        "circle",
                        [
                            "cx": Self.decimal(start.x), "cy": Self.decimal(start.y), "r": "9", "fill": "#01CDBD",
                            "stroke": "#313541", "stroke-width": "2",
                        ]),
                    Self.element(
                        "circle",
                        ["cx": Self.decimal(start.x), "cy": Self.decimal(start.y), "r": "3.5", "fill": "#FFFFFF"]),
                ].joined()))
        if let end = dropoffPoint {
            // A diamond, so that the pins differ in shape and not only in colour.
            let corners = [(0.0, -11.0), (11, 0), (0, 11), (-11, 0)].map {
                "\(Self.decimal(end.x + $0.0)),\(Self.decimal(end.y + $0.1))"
            }
            parts.append(
                Self.element(
                    "g", ["class": "map-pin map-dropoff"],
                    [
                        Self.element(
                            "polygon",
                            [
                                "points": corners.joined(separator: " "), "fill": "#FF8831",
                                "stroke": "#313541", "stroke-width": "2",
                            ]),
                        Self.element(
                            "circle",
                            ["cx": Self.decimal(end.x), "cy": Self.decimal(end.y), "r": "3", "fill": "#FFFFFF"]),
                    ].joined()))
        }
        if let animal {
            let point = self.point(for: animal.position)
            parts.append(
                Self.element(
                    "g",
                    [
                        "id": "map-animal", "class": "map-animal map-animal-\(animal.rideOptionID)",
                        "transform": "translate(\(Self.decimal(point.x)) \(Self.decimal(point.y)))",
                    ],
                    [
                        Self.element(
                            "circle",
                            [
                                "class": "map-animal-halo", "r": "16", "fill": "#FFFFFF", "stroke": "#313541",
                                "stroke-width": "2",
                            ]),
                        Self.element(
                            "image",
                            [
                                "href": animal.imagePath, "x": "-13", "y": "-13", "width": "26", "height": "26",
                            ]),
                        // Its white outline comes from the stylesheet (`paint-order` is CSS, not an SVG attribute).
                        Self.element(
                            "text",
                            [
                                "class": "map-animal-name", "y": "30", "text-anchor": "middle",
                                "font-family": "system-ui, sans-serif", "font-size": "11", "fill": "#23292B",
                            ], String.htmlEscaped(animal.name)),
                    ].joined()))
        }
        parts += labels.flatMap { label in
            let x = Self.decimal(label.x), y = Self.decimal(label.y + 0.35 * Self.labelFontSize),
                text = String.htmlEscaped(label.text)
            let font = "system-ui, sans-serif", size = "\(Int(Self.labelFontSize))"
            // A white outline drawn first, under the glyphs, keeps a name legible over the route and the grid.
            return [
                Self.element(
                    "text",
                    [
                        "class": "map-label-halo", "x": x, "y": y, "text-anchor": label.anchor,
                        "font-family": font, "font-size": size, "fill": "#FFFFFF", "stroke": "#FFFFFF",
                        "stroke-width": "3", "stroke-linejoin": "round",
                    ], text),
                Self.element(
                    "text",
                    [
                        "class": "map-label map-\(label.kind)-label", "x": x, "y": y,
                        "text-anchor": label.anchor, "font-family": font, "font-size": size,
                        "fill": "#23292B",
                    ], text),
            ]
        }
        let open =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" class=\"route-map\""
            + " role=\"img\" aria-labelledby=\"\(Self.titleID)\"\(animal == nil ? "" : projectionAttributes)>"
        return ([open] + parts + ["</svg>"]).joined(separator: "\n")
    }

    /// The names of Koober's places in view, small and quiet, where they leave the pins, their labels and the animal
    /// clear (a place that is a pin is named by its pin alone).
    private func landmarks(reach: MapRectangle, labels: [MapLabel]) -> String {
        func box(around point: (x: Double, y: Double), _ radius: Double) -> MapRectangle {
            MapRectangle(minX: point.x - radius, minY: point.y - radius, maxX: point.x + radius, maxY: point.y + radius)
        }
        var occupied = [box(around: pickupPoint, 12)] + (dropoffPoint.map { [box(around: $0, 14)] } ?? [])
        occupied += labels.map { label in
            let width = MapLabel.estimatedWidth(of: label.text) * Self.labelFontSize
            let left = label.anchor == "start" ? label.x : label.x - width
            return MapRectangle(
                minX: left, minY: label.y - Self.labelFontSize, maxX: left + width, maxY: label.y + Self.labelFontSize)
        }
        if let animal {
            let at = point(for: animal.position)
            occupied.append(MapRectangle(minX: at.x - 40, minY: at.y - 18, maxX: at.x + 40, maxY: at.y + 36))
        }
        let names = frame.landmarkNames(
            of: tiles, within: reach, avoiding: occupied)
        let drawn = names.map { name in
            Self.element(
                "circle", ["cx": Self.decimal(name.dot.x), "cy": Self.decimal(name.dot.y), "r": "2.5"])
                + Self.element(
                    "text",
                    ["x": Self.decimal(name.start.x), "y": Self.decimal(name.start.y + 0.35 * Self.landmarkFontSize)],
                    String.htmlEscaped(name.text))
        }
        // Colours and the white outline under the letters come from the stylesheet (`.map-landmarks`).
        return Self.element(
            "g",
            [
                "class": "map-landmarks", "font-family": "system-ui, sans-serif",
                "font-size": "\(Int(Self.landmarkFontSize))", "font-style": "italic", "fill": "#2E5E6B",
            ], drawn.joined())
    }

    /// What the page's script needs to place the animal as the server does (`MapFrame.point(for:)`).
    private var projectionAttributes: String {
        let centre = frame.centreCoordinate
        let attributes = [
            ("data-centre-latitude", centre.latitude),
            ("data-centre-longitude", centre.longitude),
            ("data-km-per-degree-north", MapPlane.metresPerDegree / 1000),
            ("data-km-per-degree-east", MapPlane.metresPerDegree / 1000 * MapPlane.eastFactor),
            ("data-pixels-per-km", frame.zoom.pixelsPerKilometre),
        ]
        return attributes.map { " \($0.0)=\"\($0.1)\"" }.joined()
    }

    /// The base map under everything (`<g class="map-base">`), and how far it reaches: one frame beyond the viewBox
    /// of `width` × `height` on every side, as `frame` places `tiles`. A page may size the map to any shape, and the
    /// margins the browser adds around the frame are then map too. Where there is no tile (beyond the known water) the
    /// page's land-coloured background shows. The riders' maps and Koober Ops' fleet map share it.
    static func baseLayer(frame: MapFrame, tiles: MapTiles, width: Int, height: Int) -> (
        reach: MapRectangle, element: String
    ) {
        let reach = MapRectangle(
            minX: Double(-width), minY: Double(-height), maxX: Double(2 * width), maxY: Double(2 * height))
        let size = "\(MapTiles.imageSize)"
        let images = frame.tiles(covering: reach, of: tiles).map { tile in
            element(
                "image",
                [
                    "href": "\(tile.key.path)?v=\(tiles.version)", "x": decimal(tile.x), "y": decimal(tile.y),
                    "width": size, "height": size,
                ])
        }
        return (reach, element("g", ["class": "map-base"], images.joined()))
    }

    /// `<name a="v" …>content</name>`, attributes in the order given, their values escaped. `content` is markup.
    /// Always a closing tag, never `/>`: it means the same in XML and in HTML's inline SVG, and every parser agrees.
    static func element(
        _ name: String, _ attributes: KeyValuePairs<String, String>,
        _ content: String = ""
    ) -> String {
        let attributes = attributes.map { " \($0.key)=\"\(String.htmlEscaped($0.value))\"" }.joined()
        return "<\(name)\(attributes)>\(content)</\(name)>"
    }

    /// A coordinate with one decimal, rounded to the nearest tenth: compact, and the same bytes on every run.
    /// Integer arithmetic on the tenths instead of `String(format:)`, which went through Foundation's formatter for
    /// each of a map's dozens of numbers (docs/performance.md).
    static func decimal(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded(.toNearestOrEven))
        return "\(value < 0 && tenths != 0 ? "-" : "")\(tenths / 10).\(tenths % 10)"
    }
}
