import KooberKit
import KooberSQLite

/// The drop-off search: any text typed gives some of Koober's places, each at most once, and an empty search all.
public struct PlaceSearchFuzzTarget: FuzzTarget {
    public let name = "place-search"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let query = String(decoding: input, as: UTF8.self)
        let places = SydneyPlaces.all
        let results = PlaceSearch.results(for: query, in: places, near: SydneyLocator.sydney)
        let ids = results.map(\.id)
        guard Set(ids).count == ids.count else {
            throw FuzzFinding("a place listed twice for \(query.debugDescription)")
        }
        guard results.allSatisfy({ places.contains($0) }) else {
            throw FuzzFinding("a place Koober does not have, for \(query.debugDescription)")
        }
        if query.allSatisfy(\.isWhitespace), results.count != places.count {
            throw FuzzFinding("a blank search \(query.debugDescription) did not list every place")
        }
    }
}
