/// Draws one tile of the base map as a standalone SVG document: land, water, the streets by class and the names,
/// in the tile's own pixels. Presentation attributes only (no `<style>`, no script), numbers to a tenth of a pixel.
enum MapTileRenderer {
    /// Each tile reaches one pixel past its right and bottom edges, under its neighbours, so no seam shows where
    /// two tiles meet however the browser scales them.
    static let bleed = 1

    static func svg(for key: MapTileKey, layer: MapLayer) -> String {
        let size = MapZoom.tileSize + bleed
        let tile = key.pixels
        let origin = MapPoint(x: tile.minX, y: tile.minY)
        let drawn = MapRectangle(
            minX: tile.minX, minY: tile.minY, maxX: tile.maxX + Double(bleed), maxY: tile.maxY + Double(bleed))
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" width="\(size)" height="\(size)">\
            <rect width="\(size)" height="\(size)" fill="\(MapStyle.land)"></rect>
            """
        // Water: the rings cut to the tile and a little beyond (the cut edges then lie outside what is shown).
        var water = SVGPathData(origin: origin)
        for ring in layer.water {
            let clipped = RectangleClipper.clip(ring: ring, to: drawn.insetBy(-2))
            if !clipped.isEmpty { water.append(clipped, closed: true) }
        }
        if !water.isEmpty {
            svg += "\n<path fill=\"\(MapStyle.water)\" fill-rule=\"evenodd\" d=\"\(water.text)\"></path>"
        }
        svg += streets(layer: layer, drawn: drawn, origin: origin)
        svg += labels(layer: layer, drawn: drawn, origin: origin)
        return svg + "\n</svg>\n"
    }

    /// Every casing under every street's fill, so that crossings read as joined roads; classes least important first.
    private static func streets(layer: MapLayer, drawn: MapRectangle, origin: MapPoint) -> String {
        let widest = StreetClass.allCases.map { MapStyle.width(of: $0, at: layer.zoom) }.max() ?? 0
        let reach = drawn.insetBy(-(widest + 2))
        let visible = layer.lines.filter { $0.box.intersects(reach) }
        guard !visible.isEmpty else { return "" }
        struct Stroke: Hashable {
            let colour: String
            let width: Double
        }
        var casings: [(Stroke, SVGPathData)] = []
        var fills: [(Stroke, SVGPathData)] = []
        func add(_ run: [MapPoint], as stroke: Stroke, to strokes: inout [(Stroke, SVGPathData)]) {
            if strokes.last?.0 != stroke { strokes.append((stroke, SVGPathData(origin: origin))) }
            strokes[strokes.count - 1].1.append(run, closed: false)
        }
        let withCasing = MapStyle.hasCasing(at: layer.zoom)
        for line in visible {
            let street = line.street
            let width = MapStyle.width(of: street.streetClass, at: layer.zoom)
            for run in RectangleClipper.clip(line: street.points, to: reach) {
                if withCasing || street.level == .bridge {
                    let casing = Stroke(
                        colour: MapStyle.casing(of: street.streetClass, level: street.level), width: width + 1.6)
                    add(run, as: casing, to: &casings)
                }
                add(run, as: Stroke(colour: MapStyle.fill(of: street.streetClass), width: width), to: &fills)
            }
        }
        let paths = (casings + fills).map { stroke, path in
            "\n<path stroke=\"\(stroke.colour)\" stroke-width=\"\(SVGPathData.decimal(stroke.width))\" d=\"\(path.text)\"></path>"
        }
        return "\n<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">" + paths.joined() + "\n</g>"
    }

    /// The names that touch the tile, each with a white halo under its letters.
    private static func labels(layer: MapLayer, drawn: MapRectangle, origin: MapPoint) -> String {
        // Only the streets' names: the page names Koober's places over the tiles (`MapFrame.landmarkNames`).
        let touching = layer.names.compactMap { name -> (MapName, degrees: Double)? in
            guard case .street(let degrees) = name.kind, name.box.intersects(drawn) else { return nil }
            return (name, degrees)
        }
        guard !touching.isEmpty else { return "" }
        var text =
            "\n<g font-family=\"\(MapStyle.fontFamily)\" stroke=\"#FFFFFF\" stroke-width=\"3\""
            + " stroke-linejoin=\"round\" paint-order=\"stroke\">"
        for (label, degrees) in touching {
            let x = SVGPathData.decimal(label.point.x - origin.x), y = SVGPathData.decimal(label.point.y - origin.y)
            text +=
                "\n<text x=\"\(x)\" y=\"\(y)\" dy=\"0.35em\" font-size=\"\(SVGPathData.decimal(label.fontSize))\""
                + " fill=\"\(MapStyle.labelColour)\" text-anchor=\"middle\""
                + " transform=\"rotate(\(SVGPathData.decimal(degrees)) \(x) \(y))\">\(SVGPathData.escaped(label.text))</text>"
        }
        return text + "\n</g>"
    }
}
