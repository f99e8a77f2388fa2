import Foundation
import KooberKit
import KooberKitTestDoubles
import TestKit
import Testing
import Timekeeping

/// What a store's reading becomes on the dashboard, and the use case on the app's clock.
struct OpsDashboardTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func everyOptionAndEveryQuarterIsThereAndQuartersOutsideTheChartAreLeftOut() {
        let reading = DashboardReading(
            liveRides: [.finding: 4, .arrived: 2, .finished: 9], freeAnimals: ["kangaroo": 3, "koala": 1],
            requestsByQuarter: [-1: 5, 0: 1, 95: 2, 96: 7])
        let dashboard = OpsDashboard(window: DashboardWindow(now: Self.now), reading: reading)
        #expect(dashboard.liveRides == LiveRideCounts(finding: 4, arrived: 2))
        #expect(dashboard.liveRides.toPickup == 2)
        #expect(
            dashboard.freeAnimals == [
                FreeAnimalCount(rideOption: .wallabee, count: 0), FreeAnimalCount(rideOption: .wallaroo, count: 0),
                FreeAnimalCount(rideOption: .kangaroo, count: 3),
            ])
        #expect(dashboard.requestsPerQuarterHour.count == 96)
        #expect(dashboard.requestsPerQuarterHour.map(\.count).reduce(0, +) == 3)
        #expect(dashboard.requestsPerQuarterHour.first?.count == 1 && dashboard.requestsPerQuarterHour.last?.count == 2)
    }

    @Test func theOldestReportsAgeIsFromNowAndNeverBelowZero() {
        let window = DashboardWindow(now: Self.now)
        let old = OpsDashboard(
            window: window, reading: DashboardReading(openReports: 1, oldestOpenReportAt: Self.now - .seconds(90)))
        #expect(old.oldestOpenReportAge == .seconds(90))
        let ahead = OpsDashboard(
            window: window, reading: DashboardReading(openReports: 1, oldestOpenReportAt: Self.now + .seconds(5)))
        #expect(ahead.oldestOpenReportAge == .zero)
        #expect(OpsDashboard(window: window, reading: DashboardReading()).oldestOpenReportAge == nil)
    }

    @Test func aStatementsRowsMakeTheReadingAndAnUnknownRowIsRefused() throws {
        var reading = DashboardReading()
        let rows: [(String, String, Int64?)] = [
            ("live", "riding", 2), ("free", "wallabee", 5), ("scheduled", "", 1), ("requested", "", 9),
            ("ended", "finished", 4), ("ended", "cancelled", 3), ("wait", "", 20_500), ("wait", "", 1_000),
            ("reports", "", 0), ("oldest report", "", nil), ("quarter", "95", 6),
        ]
        for (part, key, n) in rows { try reading.add(part: part, key: key, n: n) }
        #expect(
            reading
                == DashboardReading(
                    liveRides: [.riding: 2], freeAnimals: ["wallabee": 5], scheduledDue: 1, requested: 9, finished: 4,
                    cancelled: 3, waits: [.milliseconds(20_500), .seconds(1)], requestsByQuarter: [95: 6]))
        try reading.add(part: "oldest report", key: "", n: 1_700_000_000_250)
        #expect(reading.oldestOpenReportAt == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(throws: DashboardReadingError.unknownRow(part: "koalas", key: "")) {
            try reading.add(part: "koalas", key: "", n: 1)
        }
        #expect(throws: DashboardReadingError.unknownRow(part: "quarter", key: "soon")) {
            try reading.add(part: "quarter", key: "soon", n: 1)
        }
    }

    @Test func theUseCaseReadsTheDashboardAtTheClocksTime() async throws {
        let stores = StoreServices.inMemory()
        let clock = TestClock(Self.now)
        let rider = try await stores.users.create(
            NewUser(
                name: "Johnny Appleseed", nickname: "Johnny", email: "johnny@gmail.com", mobileNumber: "510-736-8754",
                passwordHash: "hash", confirmation: nil))
        _ = try await stores.rides.requestRide(
            NewRideRequest(
                userID: rider.id, pickup: SydneyLocator.sydney, dropoffID: PlaceID(1), rideOptionID: "wallaroo",
                fareCents: 1_234, requestedAt: clock.now))

        var dashboard = try await ShowDashboardUseCase(now: clock.now, dashboards: stores.dashboards).run()
        #expect(dashboard.now == Self.now)
        #expect(dashboard.liveRides.finding == 1 && dashboard.requestedLastHour == 1)
        clock.advance(by: .seconds(3_600))
        dashboard = try await ShowDashboardUseCase(now: clock.now, dashboards: stores.dashboards).run()
        #expect(dashboard.liveRides.finding == 1 && dashboard.requestedLastHour == 0)
    }
}
