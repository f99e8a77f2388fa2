import Foundation

/// One bar of the dashboard's chart: the rides requested in the quarter hour that begins at `start`.
public struct QuarterHourCount: Equatable, Sendable {
    public let start: Date
    public let count: Int

    public init(start: Date, count: Int) {
        self.start = start
        self.count = count
    }
}
