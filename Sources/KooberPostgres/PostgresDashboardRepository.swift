import Foundation
import KooberKit
import PostgresNIO

/// Koober Ops' dashboard in one statement (`dashboardSQL`): one trip, and every figure of one moment (a statement
/// sees one snapshot). Each part reads the rows of its window through an index of migration 16
/// (`PostgresDashboardQueryPlanTests`), so its cost is the window's, never the history's; only the fleet is read
/// whole, each animal checked against `rides_by_animal`.
public struct PostgresDashboardRepository: DashboardRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func dashboard(at now: Date) async throws -> OpsDashboard {
        let window = DashboardWindow(now: now)
        var reading = DashboardReading()
        for row in try await database.query(PostgresQuery(unsafeSQL: Self.dashboardSQL, binds: Self.bindings(window))) {
            let (part, key, n) = try row.decode((String, String, Int64?).self)
            try reading.add(part: part, key: key, n: n)
        }
        return OpsDashboard(window: window, reading: reading)
    }

    /// `$1` … `$7` of `dashboardSQL`.
    static func bindings(_ window: DashboardWindow) -> PostgresBindings {
        var binds = PostgresBindings(capacity: 7)
        binds.append(PostgresTime.milliseconds(window.nextHourEnd))
        binds.append(PostgresTime.seconds(window.lastHourStart))
        binds.append(window.nowSeconds)
        binds.append(PostgresTime.milliseconds(window.lastHourStart))
        binds.append(PostgresTime.milliseconds(window.now))
        binds.append(window.chartStartSeconds)
        binds.append(DashboardWindow.quarterHourSeconds)
        return binds
    }

    /// Every figure of the dashboard as rows of (part, key, n) (`DashboardReading.Part`), the statuses spelt as the
    /// partial indexes' own literals: `$1` the next hour's end (ms); `$2`, `$3` the last hour's start and `now` in seconds; `$4`, `$5` the
    /// same in milliseconds; `$6` the chart's start (seconds), `$7` a quarter hour's seconds.
    static let dashboardSQL = """
        SELECT 'live' AS part, status AS key, count(*) AS n FROM rides
        WHERE status IN ('finding', 'on_the_way', 'arrived', 'riding') GROUP BY status
        UNION ALL
        SELECT 'free', a.ride_option_id, count(*) FROM animals AS a
        WHERE a.in_service AND NOT a.out_of_service AND NOT EXISTS (
            SELECT 1 FROM rides AS r WHERE r.animal_id = a.id AND r.status IN ('on_the_way', 'arrived', 'riding')
        )
        GROUP BY a.ride_option_id
        UNION ALL
        SELECT 'scheduled', '', count(*) FROM scheduled_rides WHERE status = 'upcoming' AND pickup_at_ms <= $1
        UNION ALL
        SELECT 'requested', '', count(*) FROM rides WHERE requested_at > $2 AND requested_at <= $3
        UNION ALL
        SELECT 'ended', status, count(*) FROM rides WHERE ended_at_ms > $4 AND ended_at_ms <= $5 GROUP BY status
        UNION ALL
        SELECT 'wait', '', assigned_at_ms - requested_at * 1000 FROM rides
        WHERE assigned_at_ms > $4 AND assigned_at_ms <= $5
        UNION ALL
        SELECT 'reports', '', count(*) FROM ride_reports WHERE resolved_at_ms IS NULL
        UNION ALL
        SELECT 'oldest report', '', min(reported_at_ms) FROM ride_reports WHERE resolved_at_ms IS NULL
        UNION ALL
        SELECT 'quarter', ((requested_at - $6) / $7)::text, count(*) FROM rides
        WHERE requested_at >= $6 AND requested_at <= $3 GROUP BY 2
        """
}
