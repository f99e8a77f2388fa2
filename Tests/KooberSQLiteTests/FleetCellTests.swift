import Foundation
import KooberKit
import Testing

@testable import KooberSQLite

/// The fleet's spatial index on SQLite (issue 45): the nearest free animal is read by seeks of `animals_by_cell`, never
/// a scan of the fleet, and animals stored before cells were kept get theirs at the next start.
struct FleetCellTests {
    @Test func theAnimalsInABlockAreASeekOfTheCellIndexPerRange() async throws {
        try await withTemporaryDatabase { database, _ in
            let plan = try await database.read { connection in
                try connection.query(
                    "EXPLAIN QUERY PLAN " + SQLiteFleetRepository.inCellsSQL(ranges: 3),
                    (1...6).map { SQLiteValue.integer(Int64($0)) } + [.text("wallaroo")]
                )
                .map { try $0.string("detail") }
            }
            #expect(
                plan.contains { $0.contains("animals_by_cell (ride_option_id=? AND cell>? AND cell<?)") }, "\(plan)")
            #expect(!plan.contains { $0.contains("SCAN a") || $0.contains("SCAN animals") }, "\(plan)")
        }
    }

    @Test func provideGivesAnimalsWithoutACellTheCellOfWhereTheyStand() async throws {
        try await withTemporaryDatabase { database, _ in
            let fleet = SQLiteFleetRepository(database: database)
            try await fleet.provide(Fleet.members(size: 2))
            _ = try await database.write { connection in try connection.execute("UPDATE animals SET cell = NULL") }
            try await fleet.provide(Fleet.members(size: 2))
            let rows = try await database.read { connection in
                try connection.query("SELECT latitude, longitude, cell FROM animals").map { row in
                    (
                        Location(latitude: try row.double("latitude"), longitude: try row.double("longitude")),
                        try row.int64("cell")
                    )
                }
            }
            #expect(rows.count == 2 * RideOption.all.count)
            #expect(rows.allSatisfy { FleetGrid.cell(of: $0.0) == $0.1 })
        }
    }
}
