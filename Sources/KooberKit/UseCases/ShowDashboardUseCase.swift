import Foundation

/// Koober Ops' dashboard for a staff member whose role permits it (every role does: `StaffPermission.dashboard`),
/// read at `now`, the app's clock's time (never the wall clock's: tests move it).
public struct ShowDashboardUseCase: Sendable {
    let now: Date
    let dashboards: any DashboardRepository

    public init(now: Date, dashboards: any DashboardRepository) {
        self.now = now
        self.dashboards = dashboards
    }

    public func run() async throws -> OpsDashboard {
        try await dashboards.dashboard(at: now)
    }
}
