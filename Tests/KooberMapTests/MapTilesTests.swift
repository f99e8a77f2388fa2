import Foundation
import HTMLReading
import Testing

@testable import KooberMap

/// The tiles: which exist, what they draw, and the views that place them.
@Suite struct MapTilesTests {
    // swift-format-ignore: NeverUseForceTry
    // The committed map data parses (MapDataTests); were it broken, every test here would rightly stop.
    static let tiles = MapTiles(data: try! MapData.sydney.get())
    static let pickup = MapPlane.point(latitude: -33.864308, longitude: 151.209146)
    static let manly = MapPlane.point(latitude: -33.797200, longitude: 151.288700)

    @Test func centreTilesDrawWaterStreetsAndTheirNames() throws {
        let zoom = try #require(MapZoom(level: 16))
        // Zoom 16's tile 0, -2 holds Sydney Cove, Circular Quay and the Cahill Expressway; -1, -1 the streets west of
        // the pick-up, with the Western Distributor.
        let cove = try #require(Self.tiles.svg(for: MapTileKey(zoom: zoom, column: 0, row: -2)))
        let document = try HTMLDocument(html: cove)
        #expect(try document.all("//*[local-name()='path'][@fill='\(MapStyle.water)']").count == 1)
        #expect(try document.all("//*[local-name()='g']/*[local-name()='path'][@stroke]").count >= 4)
        let west = try HTMLDocument(
            html: try #require(Self.tiles.svg(for: MapTileKey(zoom: zoom, column: -1, row: -1))))
        #expect(try west.texts(at: "//*[local-name()='text']").contains("Western Distributor"))
        // Koober's places are not in the tiles: the page names them.
        #expect(!cove.contains("Circular Quay"))
        #expect(!cove.contains("<script") && !cove.contains(" style="))
        // The same tile is the same bytes, drawn once.
        #expect(Self.tiles.svg(for: MapTileKey(zoom: zoom, column: 0, row: -2)) == cove)
    }

    /// Tunnels are not drawn (they run under the ground and the harbour); bridges are, over the water, with their
    /// own casing.
    @Test func bridgesAreDrawnAndTunnelsAreNot() throws {
        let zoom = try #require(MapZoom(level: 16))
        let layer = MapLayer(data: Self.tiles.data, zoom: zoom)
        #expect(!layer.lines.contains { $0.street.level == .tunnel })
        #expect(layer.lines.contains { $0.street.level == .bridge })
        let bridgeCasing = MapStyle.casing(of: .motorway, level: .bridge)
        let tiles = (-2...1).flatMap { column in (-4...(-1)).map { MapTileKey(zoom: zoom, column: column, row: $0) } }
        #expect(tiles.contains { Self.tiles.svg(for: $0)?.contains("stroke=\"\(bridgeCasing)\"") == true })
    }

    @Test func tilesBeyondTheKnownWaterAreNotTilesOfTheMap() {
        #expect(Self.tiles.svg(for: MapTileKey(zoom: MapZoom(level: 16)!, column: 400, row: 0)) == nil)
        #expect(Self.tiles.svg(for: MapTileKey(zoom: MapZoom(level: 8)!, column: -1, row: -1)) != nil)
    }

    @Test func aTileOfOpenWaterFarFromTheStreetsDrawsWaterAndLandAlone() throws {
        // Off Manly, zoom 14: the ocean beach, far north-east of the streets of the centre.
        let zoom = MapZoom(level: 14)!
        let point = Self.manly.scaled(by: zoom.pixelsPerMetre)
        let key = MapTileKey(
            zoom: zoom, column: Int((point.x / 256).rounded(.down)), row: Int((point.y / 256).rounded(.down)))
        let svg = try #require(Self.tiles.svg(for: key))
        #expect(svg.contains("fill=\"\(MapStyle.water)\""))
        #expect(!svg.contains("stroke-width"))
        #expect(!svg.contains("<text"))
    }

    @Test(arguments: [
        ("/map/16/0/-2.svg", true), ("/map/8/-1/-1.svg", true), ("/map/17/0/0.svg", false), ("/map/7/0/0.svg", false),
        ("/map/16/+0/0.svg", false), ("/map/16/-0/0.svg", false), ("/map/16/0/0.png", false), ("/map/16/0.svg", false),
        ("/map/16/0/0/0.svg", false), ("/map/16/99999999999999999999/0.svg", false), ("/map//0/0.svg", false),
        ("/map/16/0/00.svg", false), ("/map/16/a/0.svg", false),
    ])
    func tilePathsAreReadStrictly(path: String, valid: Bool) {
        #expect((MapTileKey(path: path) != nil) == valid, "\(path)")
        if let key = MapTileKey(path: path) { #expect(key.path == path) }
    }

    @Test func aViewFitsItsPointsAtTheClosestLevelThatHoldsThem() {
        let alone = MapFrame(fitting: [Self.pickup], width: 360, height: 400)
        #expect(alone.zoom == .greatest)
        let toManly = MapFrame(fitting: [Self.pickup, Self.manly], width: 360, height: 400)
        #expect(toManly.zoom.level == 10)
        for point in [Self.pickup, Self.manly] {
            let placed = toManly.point(for: point)
            #expect(placed.x >= 0.12 * 360 - 0.5 && placed.x <= 0.88 * 360 + 0.5)
            #expect(placed.y >= 0.12 * 400 - 0.5 && placed.y <= 0.88 * 400 + 0.5)
        }
        // One level closer would not hold them.
        let closer = MapZoom(level: 11)!
        let span = MapRectangle(enclosing: [Self.pickup, Self.manly]).scaled(by: closer.pixelsPerMetre)
        #expect(span.maxX - span.minX > 0.76 * 360 || span.maxY - span.minY > 0.76 * 400)
    }

    @Test func theTilesOfAViewCoverItWithoutGapsAndStartOnWholePixels() {
        let frame = MapFrame(fitting: [Self.pickup], width: 360, height: 400)
        let extent = MapRectangle(minX: -360, minY: -400, maxX: 720, maxY: 800)
        let placed = frame.tiles(covering: extent, of: Self.tiles)
        #expect(!placed.isEmpty)
        for tile in placed {
            #expect(tile.x == tile.x.rounded() && tile.y == tile.y.rounded())
        }
        // Every corner of the extent inside the known water's region lies on exactly one tile.
        let columns = Set(placed.map(\.x)), rows = Set(placed.map(\.y))
        #expect(columns.count * rows.count == placed.count)
        #expect((columns.min() ?? 0) <= -360 && (columns.max() ?? 0) + 256 >= 720)
        #expect((rows.min() ?? 0) <= -400 && (rows.max() ?? 0) + 256 >= 800)
        // The view's landmarks near the pick-up, none under the pin.
        let names = frame.landmarkNames(
            of: Self.tiles, within: extent,
            avoiding: [MapRectangle(minX: 168, minY: 188, maxX: 192, maxY: 212)])
        #expect(names.map(\.text).contains("Circular Quay"))
        #expect(names.allSatisfy { !($0.dot.x > 168 && $0.dot.x < 192 && $0.dot.y > 188 && $0.dot.y < 212) })
    }

    @Test func pathDataIsCompactAndExact() {
        var path = SVGPathData(origin: MapPoint(x: 256, y: -512))
        path.append(
            [MapPoint(x: 300.04, y: -500), MapPoint(x: 301.54, y: -502.5), MapPoint(x: 301.54, y: -502.5)], closed: true
        )
        #expect(path.text == "M44 12l1.5-2.5z")
        #expect(SVGPathData.tenths(-5) == "-0.5" && SVGPathData.tenths(120) == "12" && SVGPathData.tenths(0) == "0")
    }
}
