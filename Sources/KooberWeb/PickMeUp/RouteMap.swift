import Foundation

/// The pick-me-up map: the pick-up pin and, once chosen, the drop-off pin with the route to it, drawn on
/// the server as inline SVG.
///
/// Pure and deterministic: the same pins always give the same bytes. It needs no network, no script and
/// no `style` attribute (the page's CSP allows none): only SVG presentation attributes.
struct RouteMap: Sendable {
    let pickup: MapPin
    let dropoff: MapPin?
    let width: Int
    let height: Int
    private let projection: MapProjection

    /// The id of the `<title>` that names the map to screen readers (one map per page).
    static let titleID = "route-map-title"
    static let labelFontSize = 12.0

    init(pickup: MapPin, dropoff: MapPin?, width: Int = 360, height: Int = 400) {
        self.pickup = pickup
        self.dropoff = dropoff
        self.width = width
        self.height = height
        projection = MapProjection(fitting: [pickup] + (dropoff.map { [$0] } ?? []),
                                   width: Double(width), height: Double(height))
    }

    /// Where each pin lands in the viewBox.
    var pickupPoint: (x: Double, y: Double) { projection.point(for: pickup) }
    var dropoffPoint: (x: Double, y: Double)? { dropoff.map(projection.point(for:)) }

    /// What the map shows, in words: the SVG's `<title>`, which screen readers read.
    var textAlternative: String {
        guard let dropoff else { return "Map: pick-up at \(pickup.name)." }
        let kilometres = String(format: "%.1f", pickup.location.kilometres(to: dropoff.location))
        return "Map: pick-up at \(pickup.name); drop-off at \(dropoff.name), \(kilometres) km away."
    }

    /// The complete `<svg …>…</svg>` markup, every text XML-escaped.
    var svg: String {
        let start = pickupPoint
        // Land and light lines every 40 pixels (not geography, just enough to read as a map) reach one frame
        // beyond the viewBox on every side: a page may size the map to any shape, and the margins the
        // browser adds around the frame are then map too, never blank.
        let (left, top, right, bottom) = (-width, -height, 2 * width, 2 * height)
        let grid = stride(from: left + 40, to: right, by: 40).map { "M\($0) \(top)V\(bottom)" }
            + stride(from: top + 40, to: bottom, by: 40).map { "M\(left) \($0)H\(right)" }
        // Painting order: land, grid, the route under the pins, then the labels over everything.
        var parts = [
            Self.element("title", ["id": Self.titleID], Self.escaped(textAlternative)),
            Self.element("rect", ["class": "map-land", "x": "\(left)", "y": "\(top)", "width": "\(right - left)",
                                  "height": "\(bottom - top)", "fill": "#EEF3F1"]),
            Self.element("path", ["class": "map-grid", "d": grid.joined(separator: " "), "fill": "none",
                                  "stroke": "#D5DADB", "stroke-width": "1"]),
        ]
        if let end = dropoffPoint {
            parts.append(Self.element("line", ["class": "map-route", "x1": n(start.x), "y1": n(start.y),
                                               "x2": n(end.x), "y2": n(end.y), "stroke": "#313541", "stroke-width": "3",
                                               "stroke-dasharray": "6 4", "stroke-linecap": "round"]))
        }
        parts.append(Self.element("g", ["class": "map-pin map-pickup"], [
            Self.element("circle", ["cx": n(start.x), "cy": n(start.y), "r": "9", "fill": "#01CDBD",
                                    "stroke": "#313541", "stroke-width": "2"]),
            Self.element("circle", ["cx": n(start.x), "cy": n(start.y), "r": "3.5", "fill": "#FFFFFF"]),
        ].joined()))
        if let end = dropoffPoint {
            // A diamond, so that the pins differ in shape and not only in colour.
            let corners = [(0.0, -11.0), (11, 0), (0, 11), (-11, 0)].map { "\(n(end.x + $0.0)),\(n(end.y + $0.1))" }
            parts.append(Self.element("g", ["class": "map-pin map-dropoff"], [
                Self.element("polygon", ["points": corners.joined(separator: " "), "fill": "#FF8831",
                                         "stroke": "#313541", "stroke-width": "2"]),
                Self.element("circle", ["cx": n(end.x), "cy": n(end.y), "r": "3", "fill": "#FFFFFF"]),
            ].joined()))
        }
        let labels = MapLabel.layout(pickup: (pickup.name, start),
                                     dropoff: dropoff.map { ($0.name, projection.point(for: $0)) },
                                     width: Double(width), fontSize: Self.labelFontSize)
        parts += labels.flatMap { label in
            let x = n(label.x), y = n(label.y + 0.35 * Self.labelFontSize), text = Self.escaped(label.text)
            let font = "system-ui, sans-serif", size = "\(Int(Self.labelFontSize))"
            // A white outline drawn first, under the glyphs, keeps a name legible over the route and the grid.
            return [
                Self.element("text", ["class": "map-label-halo", "x": x, "y": y, "text-anchor": label.anchor,
                                      "font-family": font, "font-size": size, "fill": "#FFFFFF", "stroke": "#FFFFFF",
                                      "stroke-width": "3", "stroke-linejoin": "round"], text),
                Self.element("text", ["class": "map-label map-\(label.kind)-label", "x": x, "y": y,
                                      "text-anchor": label.anchor, "font-family": font, "font-size": size,
                                      "fill": "#23292B"], text),
            ]
        }
        let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" class=\"route-map\""
            + " role=\"img\" aria-labelledby=\"\(Self.titleID)\">"
        return ([open] + parts + ["</svg>"]).joined(separator: "\n")
    }

    /// `<name a="v" …>content</name>`, attributes in the order given, their values escaped. `content` is markup.
    /// Always a closing tag, never `/>`: it means the same in XML and in HTML's inline SVG, and every parser agrees.
    private static func element(_ name: String, _ attributes: KeyValuePairs<String, String>,
                                _ content: String = "") -> String {
        let attributes = attributes.map { " \($0.key)=\"\(escaped($0.value))\"" }.joined()
        return "<\(name)\(attributes)>\(content)</\(name)>"
    }

    /// `text` made safe inside XML text and quoted attribute values.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// A coordinate with one decimal: compact, and the same bytes on every run.
private func n(_ value: Double) -> String { String(format: "%.1f", value) }
