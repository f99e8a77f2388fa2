import Foundation
import KooberKit
import TestKit
import Testing
import Timekeeping

/// What every `DashboardRepository` promises, checked on each store: each figure counts exactly the rows of its window
/// (`DashboardWindow`), at the windows' edges too, on a history written as the dispatcher writes it.
struct DashboardRepositoryContractTests {
    /// `referenceTime`, 800 s past a quarter-hour mark.
    static let now = referenceTime

    @Test(arguments: RepositoryKind.allCases)
    func eachFigureCountsTheRowsOfItsWindow(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            var history = DashboardHistory(repositories)
            let now = Self.now
            let hourAgo = now - .seconds(3_600)
            let wallaroo = try await history.animal(.wallaroo)

            // Ended in the last hour: requested exactly an hour ago (not requested in it), and a second after.
            let first = try await history.finished(requestedAt: hourAgo, wait: .seconds(30), animal: wallaroo)
            let second = try await history.finished(
                requestedAt: hourAgo + .seconds(1), wait: .seconds(90), animal: wallaroo)
            // Given its animal exactly an hour ago: its wait is not the last hour's, its end is.
            let edge = try await history.finished(
                requestedAt: hourAgo - .seconds(100), wait: .seconds(100), animal: wallaroo)
            // Finished long before the hour.
            let old = try await history.finished(
                requestedAt: now - .seconds(9_000), wait: .seconds(10), animal: try await history.animal(.wallabee),
                option: .wallabee)
            for ride in [first, second, edge] {
                let ended = try #require(ride.endedAt)
                #expect(ended > hourAgo && ended <= now, "finished in the last hour")
            }
            #expect(try #require(old.endedAt) <= hourAgo)
            // Cancelled in the last hour, and exactly an hour ago.
            let cancelled = try await history.cancel(
                try await history.request(at: now - .seconds(1_800)), at: now - .seconds(1_700))
            let cancelledAtEdge = try await history.cancel(
                try await history.request(at: now - .seconds(7_200)), at: hourAgo)
            // In progress: two finding (one requested at `now` itself), on the way, arrived, riding.
            _ = try await history.request(at: now - .seconds(600))
            _ = try await history.request(at: now, option: .kangaroo)
            let onTheWay = try await history.assign(
                try await history.request(at: now - .seconds(300)), try await history.animal(.wallaroo, 1),
                at: now - .seconds(240))
            #expect(onTheWay.status == .onTheWay)
            let arrived = try await history.advance(
                try await history.assign(
                    try await history.request(at: now - .seconds(1_000)), try await history.animal(.wallaroo, 1),
                    at: now - .seconds(955)),
                to: .arrived)
            #expect(arrived.status == .arrived)
            let riding = try await history.advance(
                try await history.assign(
                    try await history.request(at: now - .seconds(2_000), option: .kangaroo),
                    try await history.animal(.kangaroo), at: now - .seconds(1_880)),
                to: .riding)
            #expect(riding.status == .riding)
            // The chart's edges: its first second (a quarter-hour mark 23¾ hours before the present quarter's), the
            // second before it, and exactly 24 hours ago.
            let window = DashboardWindow(now: now)
            let chartStart = Date(timeIntervalSince1970: TimeInterval(window.chartStartSeconds))
            for time in [chartStart, chartStart - .seconds(1), now - .seconds(86_400)] {
                _ = try await history.cancel(try await history.request(at: time), at: time + .seconds(60))
            }
            // Bookings: due at the hour's end exactly, in 10 minutes, and overdue but still upcoming; a second past
            // the hour, and cancelled, are not.
            let booked = now - .seconds(7_200)
            _ = try await history.book(for: first, pickupAt: now + .seconds(3_600), bookedAt: booked)
            _ = try await history.book(for: cancelled, pickupAt: now + .seconds(600), bookedAt: booked)
            _ = try await history.book(for: cancelledAtEdge, pickupAt: now - .seconds(300), bookedAt: booked)
            _ = try await history.book(for: second, pickupAt: now + .seconds(3_601), bookedAt: booked)
            let dropped = try await history.book(for: edge, pickupAt: now + .seconds(1_200), bookedAt: booked)
            try await repositories.scheduledRides.cancel(id: dropped.id, userID: dropped.userID)
            // Open reports, the oldest sent 5,000 s ago.
            try await history.report(old, at: now - .seconds(5_000))
            try await history.report(cancelled, at: now - .seconds(100))

            let dashboard = try await repositories.dashboards.dashboard(at: now)

            #expect(dashboard.now == now)
            #expect(dashboard.liveRides == LiveRideCounts(finding: 2, onTheWay: 1, arrived: 1, riding: 1))
            #expect(dashboard.liveRides.toPickup == 2)
            #expect(
                dashboard.freeAnimals == [
                    FreeAnimalCount(rideOption: .wallabee, count: 3), FreeAnimalCount(rideOption: .wallaroo, count: 1),
                    FreeAnimalCount(rideOption: .kangaroo, count: 2),
                ])
            #expect(dashboard.scheduledDueWithinHour == 3)
            #expect(dashboard.requestedLastHour == 7)
            #expect(dashboard.finishedLastHour == 3)
            #expect(dashboard.cancelledLastHour == 1)
            // Waits of 30, 90, 60, 45 and 120 s: the median by rank 3 of 5, the 95th by rank 5.
            #expect(dashboard.wait == WaitPercentiles(p50: .seconds(60), p95: .seconds(120), count: 5))
            #expect(dashboard.openReports == 2)
            #expect(dashboard.oldestOpenReportAge == .seconds(5_000))
            let counts = dashboard.requestsPerQuarterHour.map(\.count)
            #expect(counts.count == 96)
            #expect(dashboard.requestsPerQuarterHour.map(\.start) == window.quarterStarts)
            #expect(counts.reduce(0, +) == 12, "every ride from the chart's first second to now, and no other")
            #expect(counts.first == 1, "the ride requested at the chart's first second")
            #expect(counts.last == 3, "the rides requested 600 s, 300 s and 0 s ago, in the quarter begun 800 s ago")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anEmptyStoreHasEveryQuarterAndEveryOptionAtZero(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let dashboard = try await repositories.dashboards.dashboard(at: Self.now)
            #expect(dashboard.liveRides == LiveRideCounts())
            #expect(dashboard.freeAnimals == RideOption.all.map { FreeAnimalCount(rideOption: $0, count: 0) })
            #expect(dashboard.scheduledDueWithinHour == 0)
            #expect(dashboard.requestedLastHour == 0 && dashboard.finishedLastHour == 0)
            #expect(dashboard.cancelledLastHour == 0)
            #expect(dashboard.wait == nil)
            #expect(dashboard.openReports == 0 && dashboard.oldestOpenReportAge == nil)
            #expect(dashboard.requestsPerQuarterHour.count == 96)
            #expect(dashboard.requestsPerQuarterHour.allSatisfy { $0.count == 0 })
        }
    }

    /// On a `TestClock`: a ride leaves the last hour exactly an hour after its request, and the chart when the 96th
    /// quarter-hour mark after its own quarter's passes.
    @Test(arguments: RepositoryKind.allCases)
    func aRideLeavesEachWindowAtItsEdge(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let clock = TestClock(Self.now)
            var history = DashboardHistory(repositories)
            _ = try await history.cancel(try await history.request(at: clock.now), at: clock.now)
            let dashboards = repositories.dashboards

            var dashboard = try await dashboards.dashboard(at: clock.now)
            #expect(dashboard.requestedLastHour == 1 && dashboard.cancelledLastHour == 1)
            #expect(dashboard.requestsPerQuarterHour.last?.count == 1)

            clock.advance(by: .seconds(3_599))
            dashboard = try await dashboards.dashboard(at: clock.now)
            #expect(dashboard.requestedLastHour == 1 && dashboard.cancelledLastHour == 1)
            clock.advance(by: .seconds(1))
            dashboard = try await dashboards.dashboard(at: clock.now)
            #expect(dashboard.requestedLastHour == 0 && dashboard.cancelledLastHour == 0)
            #expect(dashboard.requestsPerQuarterHour.map(\.count).reduce(0, +) == 1)

            // Requested 800 s into its quarter: the chart keeps it until 24 hours after that quarter began.
            clock.advance(by: .seconds(86_400 - 800 - 3_600 - 1))
            dashboard = try await dashboards.dashboard(at: clock.now)
            #expect(dashboard.requestsPerQuarterHour.first?.count == 1)
            #expect(dashboard.requestsPerQuarterHour.first?.start == Self.now - .seconds(800))
            clock.advance(by: .seconds(1))
            dashboard = try await dashboards.dashboard(at: clock.now)
            #expect(dashboard.requestsPerQuarterHour.allSatisfy { $0.count == 0 })
        }
    }
}
