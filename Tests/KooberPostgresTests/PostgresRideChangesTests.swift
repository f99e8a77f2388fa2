import Foundation
import KooberKit
import KooberTestSupport
import Synchronization
import Testing

@testable import KooberPostgres

/// What only PostgreSQL shows of the order streams hear rides' changes in (issue 45): writers no longer queue on one
/// counter, so a transaction may commit after a later one; its change must still never be read after the later one's.
struct PostgresRideChangesTests {
    private let referenceTime = Date(timeIntervalSince1970: 1_700_000_000)

    private func request(_ userID: UserID, at time: Date) -> NewRideRequest {
        NewRideRequest(
            userID: userID, pickup: SydneyLocator.sydney, dropoffID: PlaceID(1), rideOptionID: "wallaroo",
            fareCents: 1_234, requestedAt: time)
    }

    private func rider(_ number: Int, in database: KooberPostgres.PostgresDatabase) async throws -> UserID {
        try await PostgresUserRepository(database: database).create(
            NewUser(
                name: "Rider \(number)", nickname: "R\(number)", email: "rider\(number)@gmail.com",
                mobileNumber: "510-736-8754", passwordHash: "$argon2id$stand-in")
        ).id
    }

    /// A change committed while an older transaction is still in flight is held back until it ends; then both are
    /// read, the older transaction's first.
    @Test func aChangeCommittedPastATransactionInFlightWaitsForItAndComesAfterIt() async throws {
        try await withOpenMigratedDatabase { database in
            let rides = PostgresRideRepository(database: database)
            let first = try await rider(1, in: database)
            let second = try await rider(2, in: database)
            let heard = try await rides.latestRideChange()
            let time = referenceTime

            let (older, whileOpen) = try await database.transaction { transaction in
                // This transaction has its id (it wrote), and stays open while another writes and commits.
                let older = try await PostgresRideRepository.insertRide(self.request(first, at: time), in: transaction)
                _ = try await rides.requestRide(self.request(second, at: time))
                return (older, try await rides.rideChanges(after: heard, limit: 10))
            }
            #expect(whileOpen.rides.isEmpty)
            #expect(whileOpen.heldBack)
            #expect(whileOpen.cursor == heard)

            let after = try await rides.rideChanges(after: heard, limit: 10)
            #expect(after.rides.map(\.userID) == [first, second])
            #expect(after.rides.first?.id == older.id)
            #expect(!after.heldBack)
            #expect(try await rides.rideChanges(after: after.cursor, limit: 10).rides.isEmpty)
        }
    }

    /// Pages of one transaction's changes to several rides go on where the last page ended.
    @Test func oneTransactionsChangesToManyRidesArePagedByRide() async throws {
        try await withOpenMigratedDatabase { database in
            let rides = PostgresRideRepository(database: database)
            var riders: [UserID] = []
            for number in 0..<5 { riders.append(try await rider(number, in: database)) }
            let heard = try await rides.latestRideChange()
            let time = referenceTime
            let stored = try await database.transaction { [riders] transaction in
                var stored: [RideID] = []
                for rider in riders {
                    stored.append(
                        try await PostgresRideRepository.insertRide(self.request(rider, at: time), in: transaction).id)
                }
                return stored
            }
            var cursor = heard
            var read: [RideID] = []
            while true {
                let page = try await rides.rideChanges(after: cursor, limit: 2)
                guard !page.rides.isEmpty else { break }
                #expect(page.rides.count <= 2)
                read += page.rides.map(\.id)
                cursor = page.cursor
            }
            #expect(read == stored)
        }
    }

    /// Writers racing (requests and cancels on many connections) while a reader follows the changes: once all have
    /// ended, the reader has heard every ride as it is stored, and never a ride's change after a later one.
    @Test func aReaderFollowingRacingWritersMissesNothing() async throws {
        try await withOpenMigratedDatabase { database in
            let rides = PostgresRideRepository(database: database)
            var riders: [UserID] = []
            for number in 0..<12 { riders.append(try await rider(number, in: database)) }
            let start = try await rides.latestRideChange()
            let time = referenceTime

            let writing = Task { [riders] in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for rider in riders {
                        group.addTask {
                            for round in 0..<8 {
                                let at = time + Double(round) * 3_600
                                let ride = try await rides.requestRide(self.request(rider, at: at))
                                let change = try #require(RideChange.cancel(ride, at: at + 60))
                                _ = try await rides.apply(change)
                                try await rides.startNewRide(userID: rider)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let done = Flag()
            let finishing = Task {
                defer { done.raise() }
                try await writing.value
            }
            var cursor = start
            var heard: [Ride] = []
            var draining = false
            while true {
                let page = try await rides.rideChanges(after: cursor, limit: 7)
                heard += page.rides
                cursor = page.cursor
                if page.rides.isEmpty && !page.heldBack {
                    if draining { break }
                    // Once the writers are done, one more look finds whatever they committed last.
                    draining = done.isRaised
                }
                await Task.yield()
            }
            try await finishing.value

            var last: [RideID: Ride] = [:]
            for ride in heard {
                if let before = last[ride.id] {
                    #expect(ride.revision > before.revision, "ride \(ride.id) heard out of order")
                }
                last[ride.id] = ride
            }
            var stored: [RideID: Int64] = [:]
            for rider in riders {
                for ride in try await rides.rides(userID: rider, before: nil, limit: 100) {
                    stored[ride.id] = ride.revision
                }
            }
            #expect(stored.count == riders.count * 8)
            #expect(last.mapValues(\.revision) == stored)
            #expect(last.values.allSatisfy { $0.status == .cancelled })
        }
    }
}

/// Raised once, read from any task.
private final class Flag: Sendable {
    private let raised = Mutex(false)

    var isRaised: Bool { raised.withLock { $0 } }

    func raise() { raised.withLock { $0 = true } }
}
