import Foundation
import KooberKit
import KooberPostgres
import KooberTestSupport
import Synchronization
import TestKit
import Testing

/// Several `koober` processes on one PostgreSQL database: each "process" here is a `PostgresDatabase` of its own (its
/// own pool of connections), as a process would have, on a new database of the test server.
@Suite struct SeveralProcessesTests {
    private static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Opens `count` processes' databases on one new database, all at once; closes them after `body`.
    func withProcesses(
        _ count: Int,
        changes: [SharedStoreChanges]? = nil,
        _ body: ([PostgresDatabase]) async throws -> Void
    ) async throws {
        try await TestPostgres.withDatabase { url in
            let databases = try await withThrowingTaskGroup(of: PostgresDatabase.self) { group in
                for index in 0..<count {
                    group.addTask {
                        try await PostgresDatabase.open(
                            url: url, timeout: TestPostgres.callTimeout, changes: changes?[index])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            do {
                try await body(databases)
            } catch {
                for database in databases { await database.close() }
                throw error
            }
            for database in databases { await database.close() }
        }
    }

    /// `count` riders, each with a ride requested a second apart, all of one option.
    private func requestRides(_ count: Int, on database: PostgresDatabase) async throws -> [Ride] {
        let users = PostgresUserRepository(database: database)
        let rides = PostgresRideRepository(database: database)
        var requested: [Ride] = []
        for index in 0..<count {
            let user = try await users.create(
                NewUser(
                    name: "Rider \(index)", nickname: "R\(index)", email: "rider\(index)@example.com",
                    mobileNumber: "555", passwordHash: "hash"
                )
            )
            requested.append(
                try await rides.requestRide(
                    NewRideRequest(
                        userID: user.id, pickup: SydneyLocator.sydney, dropoffID: PlaceID(Int64(1 + index % 30)),
                        rideOptionID: RideOption.wallaroo.id, fareCents: 1_000,
                        requestedAt: Self.start + Double(index)
                    )
                )
            )
        }
        return requested
    }

    @Test func fourProcessesStartingAtOnceMigrateOnceAndAllServe() async throws {
        try await withProcesses(4) { databases in
            for database in databases {
                #expect(
                    try await PostgresPlaceRepository(database: database).allPlaces().count == SydneyPlaces.all.count)
            }
            let users = PostgresUserRepository(database: databases[0])
            _ = try await users.create(
                NewUser(name: "A", nickname: "A", email: "a@example.com", mobileNumber: "1", passwordHash: "h"))
            #expect(
                try await PostgresUserRepository(database: databases[3]).credentials(forEmail: "A@example.com") != nil)
        }
    }

    /// Two processes apply the same change to each of 40 rides at the same moment: for each ride exactly one of them
    /// applies it, and the other is told it was too late (`nil`).
    @Test func ofTwoProcessesApplyingOneChangeExactlyOneDoes() async throws {
        try await withProcesses(2) { databases in
            try await PostgresFleetRepository(database: databases[0]).provide(Fleet.members(size: 40))
            let rides = try await requestRides(40, on: databases[0])
            let animals = try await PostgresFleetRepository(database: databases[0]).freeAnimals()
                .filter { $0.rideOptionID == RideOption.wallaroo.id }
            let applied = try await withThrowingTaskGroup(of: Int.self) { group in
                for (ride, animal) in zip(rides, animals) {
                    let change = RideChange.assign(ride, animal: animal, at: Self.start + 60)
                    for database in databases {
                        group.addTask {
                            try await PostgresRideRepository(database: database).apply(change) == nil ? 0 : 1
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(applied == rides.count)
        }
    }

    /// Two processes' dispatchers run side by side, each looking at the same moments, over 12 rides and 3 wallaroos:
    /// each ride is assigned once, no animal carries two rides at once, and every ride goes through every status once.
    @Test func twoDispatchersGiveEachRideOneAnimalAndFinishEveryRide() async throws {
        try await withProcesses(2) { databases in
            try await PostgresFleetRepository(database: databases[0]).provide(Fleet.members(size: 3))
            let requested = try await requestRides(12, on: databases[0])
            var assigned: [RideID] = []
            var time = Self.start
            let end = Self.start + 6 * 3_600
            while time < end {
                let now = time
                assigned += try await withThrowingTaskGroup(of: [RideID].self) { group in
                    for database in databases {
                        group.addTask {
                            let rides = PostgresRideRepository(database: database)
                            try await AdvanceRidesUseCase(now: now, rideRepository: rides).run()
                            return try await DispatchRidesUseCase(
                                now: now, rideRepository: rides,
                                fleetRepository: PostgresFleetRepository(database: database)
                            )
                            .run().map(\.id)
                        }
                    }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
                time += 20
            }
            #expect(assigned.sorted { $0.rawValue < $1.rawValue } == requested.map(\.id))

            let rides = PostgresRideRepository(database: databases[1])
            var busy: [AnimalID: [(from: Date, to: Date)]] = [:]
            for ride in requested {
                let stored = try #require(try await rides.ride(id: ride.id))
                #expect(stored.status == .finished)
                let events = try await rides.events(rideID: ride.id)
                #expect(events.map(\.status) == [.finding, .onTheWay, .arrived, .riding, .finished])
                let animal = try #require(stored.assignment?.animalID)
                busy[animal, default: []].append((events[1].at, events[4].at))
            }
            for intervals in busy.values {
                let sorted = intervals.sorted { $0.from < $1.from }
                for (earlier, later) in zip(sorted, sorted.dropFirst()) { #expect(earlier.to <= later.from) }
            }
        }
    }

    /// A ride requested through one process is heard by the other at once (NOTIFY), as is a sign-out there.
    @Test func oneProcessHearsTheOthersRidesAndEndedSessions() async throws {
        let heard = HeardChanges()
        try await withProcesses(2, changes: [heard.changes, SharedStoreChanges()]) { databases in
            // The listener says "rides may have changed" once it listens (what it missed before it listened).
            try await heard.waitUntil { $0.rides >= 1 }
            let listening = heard.state.withLock { $0.rides }
            let ride = try #require(try await requestRides(1, on: databases[1]).first)
            try await heard.waitUntil { $0.rides > listening }

            let sessions = PostgresUserSessionRepository(database: databases[1])
            let token = SessionTokenHash(hex: String(repeating: "ab", count: 32))
            try await sessions.create(tokenHash: token, userID: ride.userID, now: Self.start)
            try await sessions.delete(tokenHash: token)
            try await heard.waitUntil { $0.sessionsEnded == [ride.userID] }
        }
    }
}

/// What a process heard of the others, counted.
private final class HeardChanges: Sendable {
    struct State {
        var rides = 0
        var sessionsEnded: [UserID] = []
    }

    let changes = SharedStoreChanges()
    let state = Mutex(State())

    init() {
        changes.onRidesChanged { [weak self] in self?.state.withLock { $0.rides += 1 } }
        changes.onSessionsEnded { [weak self] userID in self?.state.withLock { $0.sessionsEnded.append(userID) } }
    }

    /// Waits until `condition` holds: another process's NOTIFY, which the test does not control (it takes
    /// milliseconds; the patience is for a busy machine).
    func waitUntil(_ condition: (State) -> Bool) async throws {
        if await !eventually(within: BusyMachine.patience, { state.withLock { condition($0) } }) {
            Issue.record("not heard: \(state.withLock { $0 })")
        }
    }
}
