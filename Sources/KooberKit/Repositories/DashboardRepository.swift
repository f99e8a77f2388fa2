import Foundation

/// Koober Ops' dashboard, read in one snapshot of the store (`OpsDashboard`).
///
/// Its cost must not grow with the history (issue 43, "Measured"): each figure reads only the rows of its window, through
/// an index (the rides in progress, the rides requested, ended or given an animal in the window, the open reports,
/// the upcoming scheduled rides), and only the fleet is read whole.
public protocol DashboardRepository: Sendable {
    /// The dashboard at `now`, in `DashboardWindow(now:)`'s windows.
    func dashboard(at now: Date) async throws -> OpsDashboard
}
