import Foundation
import HTMLReading
import KooberMap
import Testing

@testable import KooberWeb

@Suite struct RouteMapTests {
    // swift-format-ignore: NeverUseForceTry
    // The committed map data parses (MapDataTests); were it broken, every test here would rightly stop.
    static let tiles = try! MapTiles.sydney.get()
    // swift-format-ignore: NeverUseForceTry
    // The committed English catalogue loads (WordCatalogueTests); were it broken, every test here would rightly stop.
    static let words = try! Words.project()
    static let pickup = MapPin(name: "Your location", latitude: -33.864308, longitude: 151.209146)
    static let operaHouse = MapPin(name: "Opera House", latitude: -33.858667, longitude: 151.214028)
    static let manly = MapPin(name: "Manly Beach", latitude: -33.797200, longitude: 151.288700)
    static let airport = MapPin(name: "Sydney Airport", latitude: -33.939900, longitude: 151.175300)
    static let library = MapPin(name: "State Library of New South Wales", latitude: -33.866100, longitude: 151.213000)
    static let bondi = MapPin(name: "Bondi Beach", latitude: -33.890800, longitude: 151.274300)
    static let cockatoo = MapPin(name: "Cockatoo Island", latitude: -33.847200, longitude: 151.171400)
    static let appleStore = MapPin(name: "Apple Store", latitude: -33.868781, longitude: 151.206645)
    static let nextDoor = MapPin(name: "Next door", latitude: -33.864310, longitude: 151.209150)

    /// Far, near, very close, identical, due north-south, due east-west (same latitude), and long names.
    static let pairs: [(MapPin, MapPin)] = [
        (pickup, operaHouse), (pickup, manly), (pickup, airport), (pickup, library), (pickup, bondi),
        (pickup, cockatoo), (pickup, appleStore), (pickup, nextDoor), (pickup, pickup), (manly, airport),
        (operaHouse, MapPin(name: "Due south of the Opera House", latitude: -33.95, longitude: 151.214028)),
        (library, MapPin(name: "Due west of the State Library", latitude: -33.866100, longitude: 151.15)),
        (library, MapPin(name: "Just east of the State Library", latitude: -33.866100, longitude: 151.2135)),
    ]
    static let pairIndices = Array(pairs.indices)

    @Test func aPickUpAloneShowsOnePinAndNoRoute() throws {
        let map = RouteMap(pickup: Self.pickup, dropoff: nil, tiles: Self.tiles, words: Self.words)
        let svg = try HTMLDocument(html: map.svg)
        #expect(try svg.all(Self.classed("map-pickup")).count == 1)
        #expect(try svg.all(Self.classed("map-dropoff")).isEmpty)
        #expect(try svg.all(Self.classed("map-route")).isEmpty)
        #expect(try svg.texts(at: Self.classed("map-label")) == ["Your location"])
        #expect(map.dropoffPoint == nil)
        // The frame's centre lies on a whole pixel, so that the tiles do too: the pin is within half a pixel of it.
        #expect(abs(map.pickupPoint.x - 180) <= 0.5 && abs(map.pickupPoint.y - 200) <= 0.5)
    }

    @Test func aDropOffShowsBothPinsAndTheRouteJoinsTheirCentres() throws {
        let map = RouteMap(pickup: Self.pickup, dropoff: Self.operaHouse, tiles: Self.tiles, words: Self.words)
        let svg = try HTMLDocument(html: map.svg)
        let pickupCentre = try #require(try svg.first(Self.classed("map-pickup") + "/*[local-name()='circle'][1]"))
        let dropoffCentre = try #require(try svg.first(Self.classed("map-dropoff") + "/*[local-name()='circle'][1]"))
        let route = try #require(try svg.first(Self.classed("map-route")))
        #expect(
            route[attribute: "x1"] == pickupCentre[attribute: "cx"]
                && route[attribute: "y1"] == pickupCentre[attribute: "cy"])
        #expect(
            route[attribute: "x2"] == dropoffCentre[attribute: "cx"]
                && route[attribute: "y2"] == dropoffCentre[attribute: "cy"])
        let dropoff = try #require(map.dropoffPoint)
        #expect(abs(try Self.number(route[attribute: "x1"]) - map.pickupPoint.x) <= 0.05)
        #expect(abs(try Self.number(route[attribute: "y2"]) - dropoff.y) <= 0.05)
        #expect(try svg.texts(at: Self.classed("map-label")) == ["Your location", "Opera House"])
        // The route is painted first, so the pins sit on top of it.
        let order = try svg.all("//*[local-name()='svg']/*").map { $0[attribute: "class"] ?? $0.name }
        #expect(try #require(order.firstIndex(of: "map-route")) < #require(order.firstIndex(of: "map-pin map-pickup")))
    }

    @Test(arguments: pairIndices)
    func bothPinsAndTheirLabelsStayInsideTheMap(index: Int) throws {
        let (pickup, dropoff) = Self.pairs[index]
        let map = RouteMap(pickup: pickup, dropoff: dropoff, tiles: Self.tiles, words: Self.words)
        for point in [map.pickupPoint, try #require(map.dropoffPoint)] {
            #expect(point.x >= 0.12 * 360 - 0.001 && point.x <= 0.88 * 360 + 0.001, "x = \(point.x)")
            #expect(point.y >= 0.12 * 400 - 0.001 && point.y <= 0.88 * 400 + 0.001, "y = \(point.y)")
        }
        let svg = try HTMLDocument(html: map.svg)
        let labels = try svg.all(Self.classed("map-label"))
        #expect(labels.count == 2)
        let extents = try labels.map { label in
            let x = try Self.number(label[attribute: "x"]), width = MapLabel.estimatedWidth(of: label.text) * 12
            return label[attribute: "text-anchor"] == "end" ? (x - width, x) : (x, x + width)
        }
        for (left, right) in extents { #expect(left >= 0 && right <= 360, "label from \(left) to \(right)") }
        // Labels on one row must not run into each other.
        if abs(map.pickupPoint.y - map.dropoffPoint!.y) < 18 {
            #expect(extents[0].1 <= extents[1].0 || extents[1].1 <= extents[0].0, "labels \(extents)")
        }
    }

    @Test(arguments: pairIndices)
    func oneScaleServesBothAxes(index: Int) throws {
        let (pickup, dropoff) = Self.pairs[index]
        let map = RouteMap(pickup: pickup, dropoff: dropoff, tiles: Self.tiles, words: Self.words)
        let end = try #require(map.dropoffPoint)
        // Equirectangular about the map plane's origin (-33.87°), as the seed data's tiles are projected.
        let kilometresPerDegree = 2 * Double.pi * 6371 / 360
        let east = (dropoff.longitude - pickup.longitude) * kilometresPerDegree * cos(-33.87 * .pi / 180)
        let north = (dropoff.latitude - pickup.latitude) * kilometresPerDegree
        let dx = end.x - map.pickupPoint.x, dy = map.pickupPoint.y - end.y  // north is up
        // Each axis gets the same pixels per kilometre (up to the rounding of a near-zero component).
        let scale = hypot(dx, dy) / max(hypot(east, north), 1e-9)
        #expect(abs(dx - east * scale) <= 0.01 && abs(dy - north * scale) <= 0.01, "dx \(dx) dy \(dy)")
        if hypot(east, north) > 0.01 {
            let haversine = pickup.location.kilometres(to: dropoff.location)
            #expect(abs(hypot(east, north) - haversine) / haversine < 0.005)
        }
    }

    @Test func aLongNameIsCutOnTheMapButWholeInTheTitle() throws {
        let far = MapPin(name: "Due west of the State Library", latitude: -33.864308, longitude: 151.15)
        let map = RouteMap(pickup: Self.pickup, dropoff: far, tiles: Self.tiles, words: Self.words)
        let svg = try HTMLDocument(html: map.svg)
        let label = try #require(try svg.texts(at: Self.classed("map-dropoff-label")).first)
        #expect(label.hasSuffix("…") && far.name.hasPrefix(label.dropLast()))
        #expect(map.textAlternative.contains(far.name))
    }

    /// The label estimate must not be narrower than DejaVu Sans, a wide face (widths measured from its font file).
    @Test(arguments: [
        ("MOMA", 3.197), ("Sydney Airport", 7.443), ("Your location", 6.553),
        ("Mrs Macquarie's Chair", 11.071), ("State Library of New South Wales", 16.8),
    ])
    func theLabelWidthEstimateIsAnUpperBound(name: String, dejaVuEm: Double) {
        #expect(MapLabel.estimatedWidth(of: name) >= dejaVuEm)
        #expect(MapLabel.estimatedWidth(of: MapLabel.fitted(name, into: 5)) <= 5)
    }

    @Test func identicalPinsDoNotCrashAndSitInTheMiddle() throws {
        let map = RouteMap(pickup: Self.pickup, dropoff: Self.pickup, tiles: Self.tiles, words: Self.words)
        let end = try #require(map.dropoffPoint)
        #expect(abs(end.x - 180) <= 0.5 && abs(end.y - 200) <= 0.5)
        #expect(!map.svg.lowercased().contains("nan") && !map.svg.lowercased().contains("inf"))
        #expect(map.textAlternative.contains("0.0 km"))
    }

    @Test func theSameInputGivesByteIdenticalOutput() {
        let first = RouteMap(pickup: Self.pickup, dropoff: Self.manly, tiles: Self.tiles, words: Self.words)
        let second = RouteMap(pickup: Self.pickup, dropoff: Self.manly, tiles: Self.tiles, words: Self.words)
        #expect(Array(first.svg.utf8) == Array(second.svg.utf8))
    }

    @Test func namesAreEscaped() throws {
        let evil = MapPin(name: "<script>alert(\"x\")</script> & 'co'", latitude: -33.86, longitude: 151.21)
        let map = RouteMap(
            pickup: evil, dropoff: MapPin(name: "A&B <b>", latitude: -33.87, longitude: 151.2), tiles: Self.tiles,
            words: Self.words)
        #expect(!map.svg.contains("<script") && !map.svg.contains("<b>") && !map.svg.contains("A&B"))
        let svg = try HTMLDocument(html: map.svg)
        #expect(try svg.text(at: "//*[local-name()='title']") == map.textAlternative)
        #expect(try svg.all("//*[local-name()='script']").isEmpty)
        #expect(try svg.texts(at: Self.classed("map-label")).last == "A&B <b>")
    }

    @Test func theTitleNamesBothPlacesAndTheDistance() throws {
        let map = RouteMap(pickup: Self.pickup, dropoff: Self.operaHouse, tiles: Self.tiles, words: Self.words)
        #expect(map.textAlternative == "Map: pick-up at Your location; drop-off at Opera House, 0.8 km away.")
        let svg = try HTMLDocument(html: map.svg)
        let root = try #require(try svg.first("//*[local-name()='svg']"))
        let title = try #require(try svg.first("//*[local-name()='svg']/*[local-name()='title']"))
        #expect(
            root[attribute: "role"] == "img" && root[attribute: "aria-labelledby"] == "route-map-title"
                && title[attribute: "id"] == "route-map-title")
        #expect(title.text == map.textAlternative)
        #expect((root[attribute: "viewbox"] ?? root[attribute: "viewBox"]) == "0 0 360 400")
        #expect(
            RouteMap(pickup: Self.pickup, dropoff: nil, tiles: Self.tiles, words: Self.words).textAlternative
                == "Map: pick-up at Your location.")
    }

    @Test(arguments: pairIndices)
    func theMarkupHasNoStyleAttributeAndNoScript(index: Int) {
        let (pickup, dropoff) = Self.pairs[index]
        for map in [
            RouteMap(pickup: pickup, dropoff: dropoff, tiles: Self.tiles, words: Self.words),
            RouteMap(pickup: pickup, dropoff: nil, tiles: Self.tiles, words: Self.words),
        ] {
            #expect(map.svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 360 400\""))
            #expect(map.svg.hasSuffix("</svg>"))
            #expect(!map.svg.contains(" style=") && !map.svg.lowercased().contains("<script"))
        }
    }

    /// An XPath for the elements carrying `name` among their classes, whatever their namespace.
    static func classed(_ name: String) -> String {
        "//*[contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')]"
    }

    static func number(_ text: String?) throws -> Double {
        try #require(text.flatMap(Double.init))
    }

    @Test(arguments: [
        (0.0, "0.0"), (12.0, "12.0"), (12.34, "12.3"), (12.36, "12.4"), (-3.21, "-3.2"), (-0.04, "0.0"),
        (359.96, "360.0"), (-400.0, "-400.0"), (0.25, "0.2"), (0.75, "0.8"),
    ])
    func coordinatesHaveOneDecimal(value: Double, text: String) {
        #expect(RouteMap.decimal(value) == text)
    }

    @Test func everyCoordinateIsWithinHalfATenthOfItsValue() throws {
        for step in -8000...8000 {
            let value = Double(step) * 0.0997
            let text = RouteMap.decimal(value)
            let parsed = try #require(Double(text), "\(value) gave \(text)")
            #expect(abs(parsed - value) <= 0.05 + 1e-9, "\(value) gave \(text)")
            #expect(text.split(separator: ".").last?.count == 1, "\(value) gave \(text)")
        }
    }

    @Test func aKeptMapIsTheOneDrawnForThosePins() {
        #expect(
            RouteMap.svg(pickup: Self.pickup, dropoff: Self.manly, tiles: Self.tiles, words: Self.words)
                == RouteMap(pickup: Self.pickup, dropoff: Self.manly, tiles: Self.tiles, words: Self.words).svg)
        #expect(
            RouteMap.svg(pickup: Self.pickup, dropoff: Self.manly, tiles: Self.tiles, words: Self.words)
                == RouteMap(pickup: Self.pickup, dropoff: Self.manly, tiles: Self.tiles, words: Self.words).svg)
        #expect(
            RouteMap.svg(pickup: Self.pickup, dropoff: nil, tiles: Self.tiles, words: Self.words)
                == RouteMap(pickup: Self.pickup, dropoff: nil, tiles: Self.tiles, words: Self.words).svg)
        #expect(
            RouteMap.svg(pickup: Self.pickup, dropoff: Self.bondi, tiles: Self.tiles, words: Self.words)
                != RouteMap.svg(pickup: Self.pickup, dropoff: Self.manly, tiles: Self.tiles, words: Self.words))
    }

    @Test func moreMapsThanAreKeptAreStillEachDrawnRight() {
        for step in 0...(RouteMap.drawnLimit + 10) {
            let dropoff = MapPin(name: "Place \(step)", latitude: -33.8 - Double(step) / 10_000, longitude: 151.2)
            #expect(
                RouteMap.svg(pickup: Self.pickup, dropoff: dropoff, tiles: Self.tiles, words: Self.words)
                    == RouteMap(pickup: Self.pickup, dropoff: dropoff, tiles: Self.tiles, words: Self.words).svg)
        }
    }
}
