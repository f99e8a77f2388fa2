import Foundation
import Testing

@testable import KooberMap

/// The map data as `scripts/make-map-data` made it, and the projection and simplification it is drawn through.
@Suite struct MapDataTests {
    // swift-format-ignore: NeverUseForceTry
    // The committed map data parses (MapDataTests); were it broken, every test here would rightly stop.
    static let data = try! MapData.sydney.get()

    /// Sydney Cove, between Circular Quay's wharves and the Opera House; Hyde Park; the Pacific off Manly; Botany Bay.
    static let sydneyCove = (latitude: -33.8585, longitude: 151.2110)
    static let hydePark = (latitude: -33.8731, longitude: 151.2111)

    @Test func theProjectionPutsTheOriginAtZeroAndKilometresWhereTheyBelong() {
        let origin = MapPlane.point(latitude: -33.87, longitude: 151.21)
        #expect(origin.x == 0 && origin.y == 0)
        // A hundredth of a degree north is 1,112 m up (y grows southwards); east, 0.83 of that at this latitude.
        let north = MapPlane.point(latitude: -33.86, longitude: 151.21)
        let east = MapPlane.point(latitude: -33.87, longitude: 151.22)
        #expect(abs(north.y + 1111.95) < 0.01 && north.x == 0)
        #expect(abs(east.x - 1111.95 * cos(33.87 * .pi / 180)) < 0.01 && east.y == 0)
        let back = MapPlane.coordinate(of: MapPlane.point(latitude: -33.8585, longitude: 151.2110))
        #expect(abs(back.latitude + 33.8585) < 1e-9 && abs(back.longitude - 151.2110) < 1e-9)
    }

    /// OpenStreetMap way 151559215, a stretch of Macquarie Street, runs from (−33.8611834, 151.2131406) to
    /// (−33.8629533, 151.2129437): its ends land on the plane where the projection puts them, to the metre.
    @Test func aKnownStreetsPointsLandWhereTheyShould() throws {
        let stretch = try #require(
            Self.data.streets.first {
                $0.name == "Macquarie Street" && $0.points.count == 6
                    && $0.points.first == Self.rounded(MapPlane.point(latitude: -33.8611834, longitude: 151.2131406))
            })
        #expect(stretch.points.last == Self.rounded(MapPlane.point(latitude: -33.8629533, longitude: 151.2129437)))
        #expect(stretch.streetClass == .tertiary && stretch.level == .ground)
        // 290 m east and 980 m north of the origin (worked out by hand from the formula), so at zoom 16, 256 px to
        // the kilometre, on tile column 0, row -1.
        #expect(stretch.points[0] == MapPoint(x: 290, y: -980))
        let zoom = try #require(MapZoom(level: 16))
        let pixel = stretch.points[0].scaled(by: zoom.pixelsPerMetre)
        #expect(
            MapTileKey(zoom: zoom, column: 0, row: -1).pixels.contains(
                MapRectangle(minX: pixel.x, minY: pixel.y, maxX: pixel.x, maxY: pixel.y)))
    }

    @Test func waterHoldsSydneyCoveAndNotHydePark() {
        let cove = MapPlane.point(latitude: Self.sydneyCove.latitude, longitude: Self.sydneyCove.longitude)
        let park = MapPlane.point(latitude: Self.hydePark.latitude, longitude: Self.hydePark.longitude)
        #expect(RectangleClipper.encloses(Self.data.water, cove))
        #expect(!RectangleClipper.encloses(Self.data.water, park))
        // Beyond the centre, the region's water: the ocean off Manly, and the edge of Botany Bay (most of it lies south of the data).
        #expect(RectangleClipper.encloses(Self.data.water, MapPlane.point(latitude: -33.7985, longitude: 151.2950)))
        #expect(
            RectangleClipper.encloses(Self.data.water, MapPlane.point(latitude: -33.9900, longitude: 151.2000)) == false
        )
        #expect(RectangleClipper.encloses(Self.data.water, MapPlane.point(latitude: -33.9585, longitude: 151.2000)))
        // And at every zoom level, simplified as the tiles draw it.
        for level in MapZoom.levels {
            let zoom = MapZoom(level: level)!
            let layer = MapLayer(data: Self.data, zoom: zoom)
            #expect(RectangleClipper.encloses(layer.water, cove.scaled(by: zoom.pixelsPerMetre)), "zoom \(level)")
            #expect(!RectangleClipper.encloses(layer.water, park.scaled(by: zoom.pixelsPerMetre)), "zoom \(level)")
        }
    }

    @Test func simplificationKeepsEveryStreetsEndsAndStaysWithinItsTolerance() {
        for level in [MapZoom.least.level, 12, MapZoom.greatest.level] {
            let zoom = MapZoom(level: level)!
            for street in Self.data.streets {
                let pixels = street.points.map { $0.scaled(by: zoom.pixelsPerMetre) }
                let simplified = PolylineSimplifier.simplify(pixels, tolerance: MapLayer.tolerance)
                #expect(simplified.first == pixels.first && simplified.last == pixels.last)
                #expect(simplified.count <= pixels.count && simplified.count >= 2)
                // Every dropped point lies within the tolerance of the line kept.
                for point in pixels {
                    let nearest =
                        zip(simplified, simplified.dropFirst()).map {
                            PolylineSimplifier.distance(from: point, toSegment: $0, $1)
                        }.min() ?? 0
                    #expect(nearest <= MapLayer.tolerance + 1e-9)
                }
            }
        }
        // Far out, a street of many points becomes its two ends.
        let line = (0...100).map { MapPoint(x: Double($0), y: Double($0 % 2) * 0.1) }
        #expect(PolylineSimplifier.simplify(line, tolerance: 0.5) == [line[0], line[100]])
    }

    @Test func theDataHoldsWhatTheMapNeeds() {
        #expect(Self.data.streets.count > 900)
        #expect(Self.data.streets.contains { $0.level == .bridge && $0.name == "Bradfield Highway" })
        #expect(Self.data.streets.contains { $0.level == .tunnel })
        #expect(
            Self.data.landmarks.map(\.name).prefix(4) == ["Opera House", "Apple Store", "100 George Street", "MOMA"])
        #expect(Self.data.bounds.contains(Self.data.centre))
        #expect(!Self.data.version.isEmpty)
    }

    @Test(arguments: [
        "bounds 1 2 3", "water 1 2 3", "water 1 2 3 4", "street primary x 1 2 3 4 | A", "street primary - 1 2 | A",
        "place 1 2", "place 1 2 | ", "lake 1 2", "street primary - 1 2 3 99999999 | A",
    ])
    func malformedRecordsAreRefusedWithTheirLine(record: String) {
        #expect(throws: MapData.ParseError.self) { try MapData(records: "bounds 0 0 9 9\ncentre 0 0 1 1\n" + record) }
    }

    static func rounded(_ point: MapPoint) -> MapPoint {
        MapPoint(x: point.x.rounded(), y: point.y.rounded())
    }
}
