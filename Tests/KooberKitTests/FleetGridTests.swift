import Foundation
import TestKit
import Testing

@testable import KooberKit

/// The fleet's spatial index: its keys, the blocks it looks in and how far they reach, and the nearest animal it finds
/// against a scan of every animal, counting how many animals each search reads.
struct FleetGridTests {
    /// Looks in an in-memory fleet as a store looks in its index (by each animal's cell), counting what it reads.
    private final class IndexedFleet {
        let animals: [(cell: Int64, animal: Animal)]
        var read = 0

        init(_ animals: [Animal]) {
            self.animals = animals.map { (FleetGrid.cell(of: $0.location), $0) }
        }

        func nearest(to location: Location) -> Animal? {
            var search = FleetGridSearch(around: location)
            while let look = search.nextLook() {
                let found: [(cell: Int64, animal: Animal)]
                switch look {
                case .cells(let cells): found = animals.filter { entry in cells.contains { $0.contains(entry.cell) } }
                case .everywhere: found = animals
                }
                read += found.count
                search.found(found.map(\.animal))
            }
            return search.nearest
        }
    }

    /// `count` animals scattered at random over central Sydney, where the fleet rests.
    private func scattered(_ count: Int, random: inout SeededGenerator) -> [Animal] {
        let area = Fleet.restingArea
        return (1...count).map { number in
            Animal(
                id: AnimalID(Int64(number)), name: "A\(number)", rideOptionID: RideOption.wallaroo.id,
                location: Location(
                    latitude: Double.random(in: area.south...area.north, using: &random),
                    longitude: Double.random(in: area.west...area.east, using: &random)))
        }
    }

    @Test func theKeyInterleavesTheColumnsBitsWithTheRowsSoThatASquareIsOneRange() {
        #expect(FleetGrid.key(row: 0, column: 1) == 1)
        #expect(FleetGrid.key(row: 1, column: 0) == 2)
        #expect(FleetGrid.key(row: 0b101, column: 0b011) == 0b10_01_11)
        // The 4 × 4 square of cells at row 8, column 4 is the 16 keys from its first.
        let first = FleetGrid.key(row: 8, column: 4)
        let square = (8..<12).flatMap { row in (4..<8).map { FleetGrid.key(row: row, column: $0) } }
        #expect(square.sorted() == Array(first..<first + 16))
    }

    @Test func aCellIsAbout19MetresASideAndAnyInputHasOne() {
        let sydney = Location(latitude: -33.8688, longitude: 151.2093)
        let north = Location(latitude: sydney.latitude + 0.0002, longitude: sydney.longitude)
        #expect(FleetGrid.cell(of: sydney) != FleetGrid.cell(of: north))
        #expect(abs(FleetGrid.cellDegrees * 111_195 - 19.08) < 0.01)
        for location in [
            Location(latitude: .nan, longitude: .infinity), Location(latitude: 90, longitude: 180),
            Location(latitude: -1e300, longitude: 1e300),
        ] {
            #expect(FleetGrid.cell(of: location) >= 0)
        }
    }

    @Test func nothingOutsideABlockIsNearerThanItsReach() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let location = Location(
                latitude: Double.random(in: -80...80, using: &random),
                longitude: Double.random(in: -170...170, using: &random))
            let level = Int.random(in: 0...12, using: &random)
            let block = FleetGridBlock(around: location, level: level)
            #expect(block.reachKilometres > 0)
            let side = FleetGrid.cellDegrees * Double(1 << level)
            // A point just outside the block, in any direction: at most two squares and a cell beyond the location.
            let outside = Location(
                latitude: location.latitude + Double.random(in: -2.1...2.1, using: &random) * side,
                longitude: location.longitude + Double.random(in: -2.1...2.1, using: &random) * side)
            let cell = FleetGrid.cell(of: outside)
            guard !block.cells.contains(where: { $0.contains(cell) }) else { continue }
            #expect(location.kilometres(to: outside) >= block.reachKilometres, "\(location) level \(level)")
        }
    }

    @Test func aBlockAtTheEdgeOfTheGridReachesNothingSoTheSearchGoesOn() {
        #expect(FleetGridBlock(around: Location(latitude: -33.87, longitude: 179.9999), level: 0).reachKilometres == 0)
        #expect(FleetGridBlock(around: Location(latitude: 89.9999, longitude: 0), level: 0).reachKilometres == 0)
    }

    @Test(arguments: [200, 2_000, 20_000])
    func theNearestIsTheOneAScanFindsReadingAFewAnimalsWhateverTheFleet(size: Int) {
        var random = SeededGenerator(seed: UInt64(size))
        let fleet = IndexedFleet(scattered(size, random: &random))
        let area = Fleet.restingArea
        var reads: [Int] = []
        for _ in 0..<200 {
            let pickup = Location(
                latitude: Double.random(in: area.south...area.north, using: &random),
                longitude: Double.random(in: area.west...area.east, using: &random))
            fleet.read = 0
            let found = fleet.nearest(to: pickup)
            #expect(found == Animal.nearest(among: fleet.animals.map(\.animal), to: pickup))
            reads.append(fleet.read)
        }
        // The median search reads about as many animals at 20,000 as at 200: a handful, never the fleet.
        #expect(reads.sorted()[reads.count / 2] <= 40, "\(reads.sorted())")
        #expect(reads.max() ?? 0 < max(size / 4, 100))
    }

    @Test func animalsStandingTogetherGoToTheLowestIdAndFarPickUpsStillFindTheNearest() {
        var random = SeededGenerator(seed: 3)
        let place = Location(latitude: -33.8568, longitude: 151.2153)
        let together = (1...50).map {
            Animal(id: AnimalID(Int64(100 - $0)), name: "T\($0)", rideOptionID: "wallaroo", location: place)
        }
        let fleet = IndexedFleet(scattered(40, random: &random) + together)
        #expect(fleet.nearest(to: place)?.id == AnimalID(50))
        for far in [
            Location(latitude: -33.80, longitude: 151.29), Location(latitude: 51.5, longitude: -0.12),
            Location(latitude: -33.87, longitude: -179.99), Location(latitude: -89.99, longitude: 0),
        ] {
            #expect(fleet.nearest(to: far) == Animal.nearest(among: fleet.animals.map(\.animal), to: far))
        }
        #expect(IndexedFleet([]).nearest(to: place) == nil)
    }
}
