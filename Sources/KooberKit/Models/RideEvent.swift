import Foundation

/// A status a ride reached and when: a ride's stored history, one event per status.
public struct RideEvent: Equatable, Sendable {
    public let status: RideStatus
    public let at: Date

    public init(status: RideStatus, at: Date) {
        self.status = status
        self.at = at
    }
}
