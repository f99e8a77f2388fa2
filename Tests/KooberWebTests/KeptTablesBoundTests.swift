import Foundation
import KooberKit
import KooberMap
import TestKit
import Testing

@testable import KooberWeb

/// Issue 41: every table a client can grow in memory has a bound. The web layer's: the rows of Where To? (labels are
/// the rider's), the ride dates of My Profile, the route maps, and the ride streams' feed; each flooded, then its size
/// read. (The caches are one per process and other tests fill them too, so each is read against its limit.)
@Suite struct KeptTablesBoundTests {
    @Test func whereTosRowsStopAtTheirLimitWhateverTheLabels() throws {
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "v1")
        let place = SydneyPlaces.all[0]
        for batch in 0..<10 {
            let rows = (0..<600).map { index in
                // A label as long in bytes as a label may be, different each time: a rider renaming and reloading.
                let label = String(format: "%05d", batch * 600 + index) + String(repeating: "\u{E9}", count: 25)
                #expect(label.utf8.count <= SavedPlaceLabel.limit.maximumBytes)
                return DropoffPlaceRow(place, label: label, section: .saved, position: 0, from: place.location)
            }
            _ = DropoffPlaceRow.html(rows, templates: renderer)
            #expect(DropoffPlaceRow.renderedCount <= DropoffPlaceRow.renderedLimit)
        }
    }

    @Test func myProfilesDatesAndTheRouteMapsStopAtTheirLimits() throws {
        for minute in 0..<(RideDateText.keptLimit * 2) {
            _ = RideDateText.text(for: Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60))
        }
        #expect(RideDateText.keptCount <= RideDateText.keptLimit)
        let tiles = try MapTiles.sydney.get()
        let words = try Words.project()
        let pickup = MapPin(name: "Your location", latitude: -33.864308, longitude: 151.209146)
        for step in 0..<(RouteMap.drawnLimit * 2) {
            let dropoff = MapPin(name: "Place \(step)", latitude: -33.8 - Double(step) / 10_000, longitude: 151.2)
            _ = RouteMap.svg(pickup: pickup, dropoff: dropoff, tiles: tiles, words: words)
        }
        #expect(RouteMap.drawnCount <= RouteMap.drawnLimit)
    }

    /// The feed refuses streams beyond its total, and holds nothing for streams that ended: no rider, session or
    /// shared ride stays in its indexes.
    @Test func theRideFeedStopsAtItsTotalAndForgetsEndedStreams() {
        let feed = RideFeed(policy: RideStreamPolicy(total: 300))
        var observers: [Observer] = []
        var refused = 0
        for index in 0..<1_000 {
            let observer = Observer()
            let session = SessionTokenHash(hex: String(index))
            let watcher: RideWatcher =
                index.isMultiple(of: 2) ? .rider(session: session) : .share(link: session, rideID: RideID(Int64(index)))
            do {
                try feed.register(observer, userID: UserID(Int64(index)), watcher: watcher)
                observers.append(observer)
            } catch {
                #expect(error == .tooMany)
                refused += 1
            }
        }
        #expect(feed.count == 300)
        #expect(refused == 700)
        for observer in observers { feed.unregister(observer) }
        #expect(feed.count == 0)
        #expect(feed.indexEntries == 0)
    }

    private final class Observer: RideObserver {
        func rideChanged(_ ride: Ride) {}
        func endObservation() {}
    }
}
