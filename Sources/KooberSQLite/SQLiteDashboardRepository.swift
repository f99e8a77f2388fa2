import Foundation
import KooberKit

/// Koober Ops' dashboard in one statement (`dashboardSQL`), so every figure is of one moment: each part reads the rows
/// of its window through an index of migration 20 (`DashboardQueryPlanTests`), so its cost is the window's,
/// never the history's. Only the fleet is read whole, each animal checked against `rides_by_animal`.
public struct SQLiteDashboardRepository: DashboardRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func dashboard(at now: Date) async throws -> OpsDashboard {
        let window = DashboardWindow(now: now)
        let reading = try await database.read { connection in
            var reading = DashboardReading()
            for row in try connection.query(Self.dashboardSQL, Self.bindings(window)) {
                try reading.add(
                    part: try row.string("part"), key: try row.string("key"), n: try row.value("n").int64Value)
            }
            return reading
        }
        return OpsDashboard(window: window, reading: reading)
    }

    /// `dashboardSQL`'s values, in its order.
    static func bindings(_ window: DashboardWindow) -> [SQLiteValue] {
        let lastHour: [SQLiteValue] = [.unixSeconds(window.lastHourStart), .integer(window.nowSeconds)]
        let lastHourMilliseconds: [SQLiteValue] = [
            .unixMilliseconds(window.lastHourStart), .unixMilliseconds(window.now),
        ]
        let chartStart = SQLiteValue.integer(window.chartStartSeconds)
        return [.unixMilliseconds(window.nextHourEnd)] + lastHour + lastHourMilliseconds + lastHourMilliseconds
            + [chartStart, .integer(DashboardWindow.quarterHourSeconds), chartStart, .integer(window.nowSeconds)]
    }

    /// Every figure of the dashboard as rows of (part, key, n) (`DashboardReading.Part`), the statuses spelt as the
    /// partial indexes' own literals, so that the planner can use them. Values: the next hour's end (ms); the last
    /// hour's start and `now` in seconds, then twice in milliseconds; the chart's start, a quarter hour's seconds, the
    /// chart's start again and `now` in seconds.
    static let dashboardSQL = """
        SELECT 'live' AS part, status AS key, count(*) AS n FROM rides
        WHERE status IN ('finding', 'on_the_way', 'arrived', 'riding') GROUP BY status
        UNION ALL
        SELECT 'free', a.ride_option_id, count(*) FROM animals AS a
        WHERE a.in_service = 1 AND a.out_of_service = 0 AND NOT EXISTS (
            SELECT 1 FROM rides AS r WHERE r.animal_id = a.id AND r.status IN ('on_the_way', 'arrived', 'riding')
        )
        GROUP BY a.ride_option_id
        UNION ALL
        SELECT 'scheduled', '', count(*) FROM scheduled_rides WHERE status = 'upcoming' AND pickup_at_ms <= ?
        UNION ALL
        SELECT 'requested', '', count(*) FROM rides WHERE requested_at > ? AND requested_at <= ?
        UNION ALL
        SELECT 'ended', status, count(*) FROM rides WHERE ended_at_ms > ? AND ended_at_ms <= ? GROUP BY status
        UNION ALL
        SELECT 'wait', '', assigned_at_ms - requested_at * 1000 FROM rides
        WHERE assigned_at_ms > ? AND assigned_at_ms <= ?
        UNION ALL
        SELECT 'reports', '', count(*) FROM ride_reports WHERE resolved_at_ms IS NULL
        UNION ALL
        SELECT 'oldest report', '', min(reported_at_ms) FROM ride_reports WHERE resolved_at_ms IS NULL
        UNION ALL
        SELECT 'quarter', CAST((requested_at - ?) / ? AS TEXT), count(*) FROM rides
        WHERE requested_at >= ? AND requested_at <= ? GROUP BY 2
        """
}
