import Foundation

/// A rider's page in Koober Ops: the account (profile, lock, reports) read in one transaction with the audit row of the
/// look (`lookedAtRider`), then the rider's rides, newest first. Throws `RiderAccountError.notAllowed` for a member
/// whose role may not act on riders, `.noSuchRider` without the rider; neither writes a row.
public struct LookAtRiderUseCase: Sendable {
    let userID: UserID
    let member: StaffMember
    let now: Date
    let ridesBefore: RideHistoryCursor?
    let rideLimit: Int
    let riderAccounts: any RiderAccountRepository
    let rides: any RideRepository

    /// - Parameters:
    ///   - ridesBefore: where the page of rides goes on from (`nil`: the newest).
    ///   - rideLimit: how many rides a page shows.
    public init(
        userID: UserID, member: StaffMember, now: Date, ridesBefore: RideHistoryCursor? = nil, rideLimit: Int = 20,
        riderAccounts: any RiderAccountRepository, rides: any RideRepository
    ) {
        self.userID = userID
        self.member = member
        self.now = now
        self.ridesBefore = ridesBefore
        self.rideLimit = rideLimit
        self.riderAccounts = riderAccounts
        self.rides = rides
    }

    public func run() async throws -> RiderPage {
        guard member.role.permits(.riders) else { throw RiderAccountError.notAllowed }
        let audit = AuditEntry(by: member, .lookedAtRider, target: .rider(userID), at: now)
        guard let account = try await riderAccounts.lookAt(userID: userID, audit: audit) else {
            throw RiderAccountError.noSuchRider
        }
        let rides = try await rides.rides(userID: userID, before: ridesBefore, limit: rideLimit)
        return RiderPage(account: account, rides: rides)
    }
}

/// What a rider's page in Koober Ops shows: the account and a page of the rider's rides, newest first.
public struct RiderPage: Equatable, Sendable {
    public let account: RiderAccount
    public let rides: [Ride]

    public init(account: RiderAccount, rides: [Ride]) {
        self.account = account
        self.rides = rides
    }
}
