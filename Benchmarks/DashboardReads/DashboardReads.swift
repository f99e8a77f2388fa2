import ArgumentParser
import Foundation
import KooberApp
import KooberKit
import Logging
import Timekeeping

/// Times Koober Ops' dashboard read (`DashboardRepository.dashboard(at:)`) on a database `koober seed` wrote, for
/// `Benchmarks/ops-dashboard`: the database opened as koober opens it (`KooberStorage.open`), the read made
/// `--warm-up` times, then `--reads` times each timed, and one JSON line printed with the times and the figures read.
/// A target of the root package, not of the Benchmarks package, so that it shares koober's build.
@main
struct DashboardReads: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "KooberDashboardReads", abstract: "Times Koober Ops' dashboard read on a seeded database.")

    @Option(help: "koober's --database: an SQLite file or a postgres:// URL.")
    var database: String

    @Option(help: "The moment the dashboard is read at, in unix seconds.")
    var at: Int64

    @Option(help: "Timed reads.")
    var reads = 200

    @Option(help: "Reads before the timed ones.")
    var warmUp = 20

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let storage = try await KooberStorage.open(
            KooberStorageConfiguration(database: try .init(database)), logger: Logger(label: "koober.dashboard-reads"))
        do {
            try await measure(storage.services.dashboardRepository)
            try await storage.database.close()
        } catch {
            try? await storage.database.close()
            throw error
        }
    }

    private func measure(_ dashboards: any DashboardRepository) async throws {
        let now = Date(timeIntervalSince1970: TimeInterval(at))
        for _ in 0..<warmUp { _ = try await dashboards.dashboard(at: now) }
        let clock = ContinuousClock()
        var times: [Duration] = []
        var dashboard = try await dashboards.dashboard(at: now)
        for _ in 0..<max(reads, 1) {
            let start = clock.now
            dashboard = try await dashboards.dashboard(at: now)
            times.append(start.duration(to: clock.now))
        }
        times.sort()
        let microseconds = { (duration: Duration) in duration.timeInterval * 1e6 }
        let result: [String: Double] = [
            "reads": Double(times.count),
            "mean_us": times.map(microseconds).reduce(0, +) / Double(times.count),
            "p50_us": microseconds(times[times.count / 2]),
            "p99_us": microseconds(times[min(times.count - 1, times.count * 99 / 100)]),
            "requested_last_hour": Double(dashboard.requestedLastHour),
            "finished_last_hour": Double(dashboard.finishedLastHour),
            "cancelled_last_hour": Double(dashboard.cancelledLastHour),
            "waits": Double(dashboard.wait?.count ?? 0),
            "open_reports": Double(dashboard.openReports),
            "chart_rides": Double(dashboard.requestsPerQuarterHour.reduce(0) { $0 + $1.count }),
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
