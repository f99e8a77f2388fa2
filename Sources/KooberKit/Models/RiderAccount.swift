import Foundation

/// A rider as Koober Ops' staff see them on a rider's page: the profile, when they signed up, whether the account is
/// locked, and their problem reports. Never a password hash, a session or a token.
public struct RiderAccount: Equatable, Sendable {
    public let profile: UserProfile
    public let createdAt: Date
    /// The lock, while the account is locked.
    public let lock: AccountLock?
    /// The rider's reports, newest first, each with its ride.
    public let reports: [RiderReport]

    public init(profile: UserProfile, createdAt: Date, lock: AccountLock?, reports: [RiderReport]) {
        self.profile = profile
        self.createdAt = createdAt
        self.lock = lock
        self.reports = reports
    }

    public var isLocked: Bool { lock != nil }
}

/// One of a rider's problem reports, with the ride it is about (a report is one per ride).
public struct RiderReport: Equatable, Sendable {
    public let rideID: RideID
    public let report: ProblemReport

    public init(rideID: RideID, report: ProblemReport) {
        self.rideID = rideID
        self.report = report
    }
}
