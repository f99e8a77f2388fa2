import Foundation
import Timekeeping

/// The windows Koober Ops' dashboard counts in (SPEC.md, "Koober Ops", Dashboard), worked out once from the moment it
/// is read, so that every store counts the same rows:
/// - **the last hour** is after `now − 1 h`, up to and including `now`: a ride requested exactly an hour ago is not in
///   it, one requested at `now` is;
/// - **the next hour** holds the scheduled rides still upcoming whose pick-up is at or before `now + 1 h` (one whose
///   pick-up has passed while it waits to start is due too);
/// - **the chart** is 96 quarter hours on the clock's quarter-hour marks (Sydney's too: its offsets are whole hours),
///   the last one the quarter `now` is in, counted up to `now`; so it begins 23¾ hours before that quarter, and a ride
///   requested exactly 24 hours ago is in it only when `now` is not on a mark.
///
/// Times are compared as the stores keep them: a request time in whole seconds, the others in milliseconds.
public struct DashboardWindow: Equatable, Sendable {
    /// One bar of the chart.
    public static let quarterHour = Duration.seconds(900)
    /// A quarter hour in whole seconds, as the stores divide request times by it.
    public static let quarterHourSeconds = Int64(quarterHour.components.seconds)
    /// How many bars: 24 hours of them.
    public static let quarterHours = 96
    /// The span of "the last hour" and "the next hour".
    public static let hour = Duration.seconds(3_600)

    public let now: Date

    public init(now: Date) {
        self.now = now
    }

    /// The last hour's start, itself not in it.
    public var lastHourStart: Date { now - Self.hour }

    /// The latest pick-up of a scheduled ride due within the next hour.
    public var nextHourEnd: Date { now + Self.hour }

    /// `now` in whole unix seconds, as request times are kept.
    public var nowSeconds: Int64 { Self.seconds(now) }

    /// The first quarter hour's start in whole unix seconds: the chart counts the rides requested from it to `now`.
    public var chartStartSeconds: Int64 {
        let quarter = Self.quarterHourSeconds
        let seconds = nowSeconds
        let markNow = (seconds >= 0 ? seconds / quarter : (seconds - quarter + 1) / quarter) * quarter
        return markNow - Int64(Self.quarterHours - 1) * quarter
    }

    /// When each quarter hour of the chart begins, oldest first.
    public var quarterStarts: [Date] {
        let start = Date(timeIntervalSince1970: TimeInterval(chartStartSeconds))
        return (0..<Self.quarterHours).map { start + Self.quarterHour * $0 }
    }

    /// The quarter hour (0 the oldest) a ride requested at `requestedAt` counts in, or `nil` outside the chart.
    public func quarter(of requestedAt: Date) -> Int? {
        let seconds = Self.seconds(requestedAt)
        guard seconds >= chartStartSeconds, seconds <= nowSeconds else { return nil }
        return Int((seconds - chartStartSeconds) / Self.quarterHourSeconds)
    }

    /// Whether `time` is in the last hour.
    public func isInLastHour(_ time: Date) -> Bool {
        time > lastHourStart && time <= now
    }

    private static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
