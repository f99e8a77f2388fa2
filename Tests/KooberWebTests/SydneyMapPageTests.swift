import Foundation
import HTMLReading
import KooberTestSupport
import NIOHTTP1
import TestBrowsing
import Testing

/// The map on the pages, through the test browser: its tiles are fetched as a browser fetches them, and what they draw
/// is read back (issue 20).
@Suite struct SydneyMapPageTests {
    /// What the tiles under the page's map draw, all together.
    struct BaseMap {
        var tiles = 0
        var water = 0
        var streets = 0
        var names: [String] = []
    }

    /// Fetches every tile the current page's map places, checking each answer as a browser would keep it.
    static func baseMap(of browser: TestBrowser) async throws -> BaseMap {
        let hrefs = try browser.all("//svg//g[@class='map-base']/image").compactMap { $0[attribute: "href"] }
        let page = browser.path
        var map = BaseMap()
        for href in hrefs {
            try await browser.visit(href)
            #expect(browser.status == .ok, "\(href)")
            #expect(browser.headers.first(name: "Content-Type") == "image/svg+xml")
            #expect(browser.headers.first(name: "Cache-Control") == "public, max-age=31536000, immutable")
            let tile = try HTMLDocument(html: browser.bodyText)
            map.tiles += 1
            map.water += try tile.all("//*[local-name()='path'][@fill-rule='evenodd']").count
            map.streets += try tile.all("//*[local-name()='path'][@stroke]").count
            map.names += try tile.texts(at: "//*[local-name()='text']")
        }
        try await browser.visit(page)
        return map
    }

    @Test func aRideInTheCentreIsDrawnOverWaterStreetsAndTheirNamesWithTheAttribution() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/ride/dropoff?q=opera")
        try await browser.press("Opera House")
        #expect(
            try browser.text(at: "//p[@class='map-attribution']")
                == "© OpenStreetMap contributors · Australian Bureau of Statistics")
        // The pins, the route and Koober's places are drawn over the tiles, in that order.
        let layers = try browser.all("//svg/*").map { $0[attribute: "class"] ?? $0.name }
        #expect(layers.prefix(4) == ["title", "map-base", "map-route", "map-landmarks"])
        #expect(try browser.texts(at: "//svg//g[@class='map-landmarks']/text").contains("Circular Quay"))
        // A place that is a pin is named by its pin alone.
        #expect(!(try browser.texts(at: "//svg//g[@class='map-landmarks']/text").contains("Opera House")))

        let map = try await Self.baseMap(of: browser)
        #expect(map.tiles >= 9)
        #expect(map.water >= 1)
        #expect(map.streets >= 10)
        #expect(map.names.contains("Bridge Street"))
    }

    @Test func aRideToManlyIsDrawnOverWaterAndLandWithoutStreets() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/ride/dropoff?q=manly")
        try await browser.press("Manly Beach")
        #expect(try browser.text(at: "//h2[@id='ride-options-title']") == "Going to Manly Beach")
        let map = try await Self.baseMap(of: browser)
        #expect(map.tiles >= 4)
        #expect(map.water >= 1)
        #expect(map.streets == 0)
        #expect(map.names.isEmpty)
        // Too far out for Koober's places to be named; the text alternative still says where the pins are.
        #expect(try browser.all("//svg//g[@class='map-landmarks']/text").isEmpty)
        #expect(try browser.text(at: "//svg/title")?.contains("drop-off at Manly Beach") == true)
    }

    @Test func aTileIsRevalidatedWithoutItsVersionAndOtherMapPathsAreNotFound() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/map/16/0/-2.svg")
        #expect(browser.status == .ok)
        #expect(browser.headers.first(name: "Cache-Control") == "no-cache")
        #expect(browser.headers.first(name: "Content-Security-Policy") == "default-src 'none'")
        let etag = try #require(browser.headers.first(name: "ETag"))
        browser.additionalHeaders = ["If-None-Match": etag]
        try await browser.visit("/map/16/0/-2.svg")
        #expect(browser.status == .notModified)
        #expect(browser.bodyText.isEmpty)
        browser.additionalHeaders = [:]
        for path in ["/map/16/400/0.svg", "/map/17/0/0.svg", "/map/16/+0/0.svg", "/map/16/0/0.png", "/map/"] {
            try await browser.visit(path)
            #expect(browser.status == .notFound, "\(path)")
        }
    }
}
