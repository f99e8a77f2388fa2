import Foundation
import KooberKit

/// Riders for Koober Ops in memory, over the other in-memory stores: each act checks, changes, then appends its audit
/// row last, so an act refused (or one whose change throws) leaves no row, as the stores' transactions do. A lock
/// raises the rider's credential version first (`InMemoryUserRepository.lock`), then ends the sessions, so a session
/// being stored meanwhile is taken back (`InMemoryUserSessionRepository.create`).
public actor InMemoryRiderAccountRepository: RiderAccountRepository {
    private let users: InMemoryUserRepository
    private let sessions: InMemoryUserSessionRepository
    private let rides: InMemoryRideRepository
    private let scheduledRides: InMemoryScheduledRideRepository
    private let auditLog: InMemoryAuditLog

    public init(
        users: InMemoryUserRepository, sessions: InMemoryUserSessionRepository, rides: InMemoryRideRepository,
        scheduledRides: InMemoryScheduledRideRepository, auditLog: InMemoryAuditLog
    ) {
        self.users = users
        self.sessions = sessions
        self.rides = rides
        self.scheduledRides = scheduledRides
        self.auditLog = auditLog
    }

    public func rider(email: String) async throws -> UserProfile? {
        try await users.credentials(forEmail: email)?.profile
    }

    public func rider(rideID: RideID) async throws -> UserProfile? {
        guard let ride = try await rides.ride(id: rideID) else { return nil }
        return try await users.profile(id: ride.userID)
    }

    public func lookAt(userID: UserID, audit: AuditEntry) async throws -> RiderAccount? {
        guard let profile = try await users.profile(id: userID) else { return nil }
        var reports: [RiderReport] = []
        for ride in try await rides.rides(userID: userID, before: nil, limit: .max) {
            if let report = try await rides.feedback(rideID: ride.id).report {
                reports.append(RiderReport(rideID: ride.id, report: report))
            }
        }
        let account = RiderAccount(
            profile: profile, createdAt: await users.createdAt(id: userID) ?? audit.at.wholeSeconds,
            lock: await users.lock(id: userID),
            reports: reports.sorted {
                ($0.report.reportedAt, $0.rideID.rawValue) > ($1.report.reportedAt, $1.rideID.rawValue)
            })
        await auditLog.append(audit)
        return account
    }

    @discardableResult
    public func lock(userID: UserID, reason: String, audit: AuditEntry) async throws -> Int {
        try await users.lock(id: userID, AccountLock(lockedAt: audit.at, reason: reason))
        await rides.setLocked(true, userID: userID)
        let ended = try await sessions.deleteAll(userID: userID, keeping: nil)
        for booking in try await scheduledRides.upcoming(userID: userID) {
            do {
                try await scheduledRides.cancel(id: booking.id, userID: userID)
            } catch is ScheduledRideRepositoryError {
                // Started or cancelled meanwhile.
            }
        }
        await auditLog.append(audit)
        return ended
    }

    public func unlock(userID: UserID, audit: AuditEntry) async throws {
        try await users.unlock(id: userID)
        await rides.setLocked(false, userID: userID)
        await auditLog.append(audit)
    }
}
