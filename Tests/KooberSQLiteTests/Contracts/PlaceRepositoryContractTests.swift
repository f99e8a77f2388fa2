import KooberKit
import Testing

/// What every `PlaceRepository` promises, checked on each implementation (both hold the Sydney seed).
struct PlaceRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func everyPlaceOfTheCSVIsThereInFileOrderWithItsNameAndCoordinates(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let places = try await repositories.places.allPlaces().sorted { $0.id.rawValue < $1.id.rawValue }
            let rows = try SydneyPlacesCSV.rows()
            #expect(places.count == rows.count)
            #expect(places.map(\.id.rawValue) == Array(1...Int64(rows.count)))
            #expect(places.map(SydneyPlacesCSV.Row.init) == rows)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func theOriginalAppsFourPlacesKeepTheirExactNamesAndCoordinates(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            // SPEC.md, Data: the original app's places, exactly.
            let originals = [
                place(1, "Opera House", -33.858667, 151.214028),
                place(2, "Apple Store", -33.868781, 151.206645),
                place(3, "100 George Street", -33.858129, 151.209390),
                place(4, "MOMA", -33.859715, 151.209025),
            ]
            for original in originals {
                let found = try await repositories.places.place(id: original.id)
                #expect(found == original)
            }
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func namesWithAnAccentOrAnApostropheArriveByteForByte(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let names = try await repositories.places.allPlaces().map(\.name)
            // Bytes, not `String ==`, which would also accept a decomposed é.
            let utf8Names = names.map { Array($0.utf8) }
            #expect(utf8Names.contains(Array("Caf\u{E9} Sydney".utf8)))
            #expect(utf8Names.contains(Array("Mrs Macquarie's Chair".utf8)))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func placeIsFoundByIDAndAnUnknownIDFindsNothing(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rows = try SydneyPlacesCSV.rows()
            let last = try #require(try await repositories.places.place(id: PlaceID(Int64(rows.count))))
            #expect(SydneyPlacesCSV.Row(last) == rows.last)
            #expect(try await repositories.places.place(id: PlaceID(Int64(rows.count) + 1)) == nil)
            #expect(try await repositories.places.place(id: PlaceID(0)) == nil)
        }
    }

    private func place(_ id: Int64, _ name: String, _ latitude: Double, _ longitude: Double) -> NamedLocation {
        NamedLocation(id: PlaceID(id), name: name, location: Location(latitude: latitude, longitude: longitude))
    }
}
