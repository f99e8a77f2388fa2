import Foundation
import KooberKit
import KooberPostgres
import Testing

/// Scheduled rides that several processes share (issue 33): each booking starts once whichever processes look, and
/// bookings of one rider sent through two processes at once keep the rules.
extension SeveralProcessesTests {
    private static let scheduleTime = Date(timeIntervalSince1970: 1_700_000_000)

    private static func booking(_ userID: UserID, at pickupAt: Date) -> NewScheduledRide {
        NewScheduledRide(
            userID: userID, pickup: Location(latitude: -33.864308, longitude: 151.209146), dropoffID: PlaceID(1),
            rideOptionID: "wallaroo", fareCents: 1_000, pickupAt: pickupAt, bookedAt: scheduleTime)
    }

    /// Two processes, three dispatchers each, start 40 riders' bookings due at the same moment (more than a batch):
    /// each starts exactly once, and each rider has one ride.
    @Test func ofTwoProcessesStartingScheduledRidesEachStartsOnce() async throws {
        try await withProcesses(2) { databases in
            let users = PostgresUserRepository(database: databases[0])
            let pickup = Self.scheduleTime + 86_400
            var riders: [UserID] = []
            for index in 0..<40 {
                let rider = try await users.create(
                    NewUser(
                        name: "Rider \(index)", nickname: "R\(index)", email: "rider\(index)@example.com",
                        mobileNumber: "555", passwordHash: "hash"))
                riders.append(rider.id)
                _ = try await PostgresScheduledRideRepository(database: databases[index % 2]).book(
                    Self.booking(rider.id, at: pickup))
            }
            let start = pickup - 600
            let started = try await withThrowingTaskGroup(of: Int.self) { group in
                for dispatcher in 0..<6 {
                    let scheduled = PostgresScheduledRideRepository(database: databases[dispatcher % 2])
                    group.addTask {
                        // As a dispatcher does: a batch a look, looking again while a batch starts something.
                        var started = 0
                        while true {
                            let batch = try await StartDueScheduledRidesUseCase(now: start, scheduledRides: scheduled)
                                .run().filter { if case .started = $0 { true } else { false } }.count
                            guard batch > 0 else { return started }
                            started += batch
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(started == 40)
            let rides = PostgresRideRepository(database: databases[1])
            for rider in riders {
                #expect(try await rides.rides(userID: rider, before: nil, limit: 10).count == 1)
            }
        }
    }

    /// Six bookings of one rider through two processes at once, each far from the others: three are kept.
    @Test func bookingsThroughTwoProcessesAtOnceKeepTheRules() async throws {
        try await withProcesses(2) { databases in
            let rider = try await PostgresUserRepository(database: databases[0]).create(
                NewUser(
                    name: "Johnny", nickname: "J", email: "johnny@gmail.com", mobileNumber: "555",
                    passwordHash: "hash"))
            let kept = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<6 {
                    let scheduled = PostgresScheduledRideRepository(database: databases[index % 2])
                    group.addTask {
                        do {
                            _ = try await scheduled.book(
                                Self.booking(rider.id, at: Self.scheduleTime + 86_400 + Double(index) * 3_600))
                            return 1
                        } catch ScheduledRideRefusal.tooManyUpcoming {
                            return 0
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(kept == 3)
            let upcoming = try await PostgresScheduledRideRepository(database: databases[1]).upcoming(userID: rider.id)
            #expect(upcoming.count == 3)
        }
    }
}
