import Foundation
import MustacheRendering
import Synchronization

/// The pick-me-up map: the pick-up pin and, once chosen, the drop-off pin with the route to it, drawn on
/// the server as inline SVG.
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
    private let projection: MapProjection

    /// The id of the `<title>` that names the map to screen readers (one map per page).
    static let titleID = "route-map-title"
    static let labelFontSize = 12.0

    /// `animal`'s frame point (where it set off) is framed too, so the frame holds still while it moves.
    init(pickup: MapPin, dropoff: MapPin?, animal: MapAnimal? = nil, width: Int = 360, height: Int = 400) {
        self.pickup = pickup
        self.dropoff = dropoff
        self.animal = animal
        self.width = width
        self.height = height
        projection = MapProjection(
            fitting: [pickup] + (dropoff.map { [$0] } ?? []) + (animal.map { [$0.framed] } ?? []),
            width: Double(width), height: Double(height))
    }

    /// Where each pin lands in the viewBox.
    var pickupPoint: (x: Double, y: Double) { projection.point(for: pickup) }
    var dropoffPoint: (x: Double, y: Double)? { dropoff.map(projection.point(for:)) }

    /// What the map shows, in words: the SVG's `<title>`, which screen readers read.
    var textAlternative: String {
        guard let dropoff else { return "Map: pick-up at \(pickup.name)." }
        let kilometres = String(format: "%.1f", pickup.location.kilometres(to: dropoff.location))
        let route = "Map: pick-up at \(pickup.name); drop-off at \(dropoff.name), \(kilometres) km away."
        guard let animal else { return route }
        let away = String(format: "%.1f", animal.position.location.kilometres(to: pickup.location))
        return route + " \(animal.title) is \(away) km from the pick-up."
    }

    /// The markup of the map between these pins, drawn once and then kept: the same rider reloads the same map
    /// again and again, and drawing it is a large part of `GET /ride` (docs/performance.md). The most recent
    /// `drawnLimit` maps are kept (a few kilobytes each); when the store is full it starts again empty.
    /// A map with an animal is drawn every time: the animal moves.
    static func svg(pickup: MapPin, dropoff: MapPin?, animal: MapAnimal? = nil) -> String {
        if let animal { return RouteMap(pickup: pickup, dropoff: dropoff, animal: animal).svg }
        let pins = Pins(pickup: pickup, dropoff: dropoff)
        if let svg = drawn.withLock({ $0[pins] }) { return svg }
        let svg = RouteMap(pickup: pickup, dropoff: dropoff).svg
        drawn.withLock { drawn in
            if drawn.count >= drawnLimit { drawn.removeAll(keepingCapacity: true) }
            drawn[pins] = svg
        }
        return svg
    }

    private struct Pins: Hashable {
        let pickup: MapPin
        let dropoff: MapPin?
    }

    static let drawnLimit = 256
    private static let drawn = Mutex<[Pins: String]>([:])

    /// The complete `<svg …>…</svg>` markup, every text XML-escaped.
    var svg: String {
        let start = pickupPoint
        // Land and light lines every 40 pixels (not geography, just enough to read as a map) reach one frame
        // beyond the viewBox on every side: a page may size the map to any shape, and the margins the
        // browser adds around the frame are then map too, never blank.
        let (left, top, right, bottom) = (-width, -height, 2 * width, 2 * height)
        let grid =
            stride(from: left + 40, to: right, by: 40).map { "M\($0) \(top)V\(bottom)" }
            + stride(from: top + 40, to: bottom, by: 40).map { "M\(left) \($0)H\(right)" }
        // Painting order: land, grid, the route under the pins, then the labels over everything.
        var parts = [
            Self.element("title", ["id": Self.titleID], String.htmlEscaped(textAlternative)),
            Self.element(
                "rect",
                [
                    "class": "map-land", "x": "\(left)", "y": "\(top)", "width": "\(right - left)",
                    "height": "\(bottom - top)", "fill": "#EEF3F1",
                ]),
            Self.element(
                "path",
                [
                    "class": "map-grid", "d": grid.joined(separator: " "), "fill": "none",
                    "stroke": "#D5DADB", "stroke-width": "1",
                ]),
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
            let point = projection.point(for: animal.position)
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
        let labels = MapLabel.layout(
            pickup: (pickup.name, start),
            dropoff: dropoff.map { ($0.name, projection.point(for: $0)) },
            width: Double(width), fontSize: Self.labelFontSize)
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

    /// What the page's script needs to place the animal as the server does (`MapProjection.point(for:)`).
    private var projectionAttributes: String {
        let attributes = [
            ("data-centre-latitude", projection.centreLatitude),
            ("data-centre-longitude", projection.centreLongitude),
            ("data-km-per-degree-north", MapProjection.kilometresPerDegree),
            ("data-km-per-degree-east", MapProjection.kilometresPerDegree * projection.longitudeFactor),
            ("data-pixels-per-km", projection.pixelsPerKilometre),
        ]
        return attributes.map { " \($0.0)=\"\($0.1)\"" }.joined()
    }

    /// `<name a="v" …>content</name>`, attributes in the order given, their values escaped. `content` is markup.
    /// Always a closing tag, never `/>`: it means the same in XML and in HTML's inline SVG, and every parser agrees.
    private static func element(
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
