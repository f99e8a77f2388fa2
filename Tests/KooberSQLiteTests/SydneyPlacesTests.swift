import Foundation
import KooberKit
import KooberSQLite
import Testing

/// The seed list brought into the project is the shared data file, row for row.
struct SydneyPlacesTests {
    @Test func theSeedListIsTheCSVRowForRowWithIDsFromOne() throws {
        let rows = try SydneyPlacesCSV.rows()
        #expect(rows.count == 32)
        #expect(SydneyPlaces.all.map(\.id) == (1...Int64(rows.count)).map(PlaceID.init))
        #expect(SydneyPlaces.all.map(SydneyPlacesCSV.Row.init) == rows)
        // Swift compares strings by canonical equivalence; the bytes must match too (é precomposed, as in the file).
        #expect(SydneyPlaces.all.map { Array($0.name.utf8) } == rows.map { Array($0.name.utf8) })
    }
}

extension SydneyPlacesCSV.Row {
    init(_ place: NamedLocation) {
        self.init(name: place.name, latitude: place.location.latitude, longitude: place.location.longitude)
    }
}
