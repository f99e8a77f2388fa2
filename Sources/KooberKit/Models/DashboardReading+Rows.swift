import Foundation

extension DashboardReading {
    /// What one row of a store's dashboard statement counts: both SQL stores read the dashboard as one `UNION ALL` of
    /// rows `(part, key, n)`, `part` one of these raw values, so that what each row means is said once, here.
    public enum Part: String, CaseIterable, Sendable {
        /// `key` a status in progress, `n` its rides.
        case live
        /// `key` a ride option's id, `n` its free animals.
        case free
        /// `n` the scheduled rides due.
        case scheduled
        /// `n` the rides requested in the last hour.
        case requested
        /// `key` `finished` or `cancelled`, `n` the rides that ended so in the last hour.
        case ended
        /// `n` one wait for an animal, in milliseconds (a row each).
        case wait
        /// `n` the open reports.
        case reports
        /// `n` when the oldest open report was sent, in unix milliseconds (`NULL` when none is open).
        case oldestReport = "oldest report"
        /// `key` a quarter hour of the chart (0 the oldest) as text, `n` its requests.
        case quarter
    }

    /// Adds one row of a store's dashboard statement. Throws `DashboardReadingError.unknownRow` for a row these parts
    /// do not name (a statement this build did not write).
    public mutating func add(part: String, key: String, n: Int64?) throws {
        guard let known = Part(rawValue: part) else { throw DashboardReadingError.unknownRow(part: part, key: key) }
        let count = Int(n ?? 0)
        switch known {
        case .live:
            if let status = RideStatus(rawValue: key) { liveRides[status] = count }
        case .free: freeAnimals[key] = count
        case .scheduled: scheduledDue = count
        case .requested: requested = count
        case .ended:
            switch RideStatus(rawValue: key) {
            case .finished: finished = count
            case .cancelled: cancelled = count
            default: throw DashboardReadingError.unknownRow(part: part, key: key)
            }
        case .wait: waits.append(.milliseconds(n ?? 0))
        case .reports: openReports = count
        case .oldestReport: oldestOpenReportAt = n.map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) }
        case .quarter:
            guard let quarter = Int(key) else { throw DashboardReadingError.unknownRow(part: part, key: key) }
            requestsByQuarter[quarter] = count
        }
    }
}

/// A row of a store's dashboard statement that `DashboardReading.add` does not know.
public enum DashboardReadingError: Error, Equatable, Sendable {
    case unknownRow(part: String, key: String)
}
