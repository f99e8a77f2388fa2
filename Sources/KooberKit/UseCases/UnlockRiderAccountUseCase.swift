import Foundation

/// **Unlock Account**: the rider may sign in again (no session comes back: they sign in anew), in one transaction with
/// its audit row (`unlockedAccount`). Throws a `RiderAccountError`, and then changes nothing and writes no row.
public struct UnlockRiderAccountUseCase: Sendable {
    let userID: UserID
    let member: StaffMember
    let now: Date
    let riderAccounts: any RiderAccountRepository

    public init(userID: UserID, member: StaffMember, now: Date, riderAccounts: any RiderAccountRepository) {
        self.userID = userID
        self.member = member
        self.now = now
        self.riderAccounts = riderAccounts
    }

    public func run() async throws {
        guard member.role.permits(.riders) else { throw RiderAccountError.notAllowed }
        do {
            try await riderAccounts.unlock(
                userID: userID, audit: AuditEntry(by: member, .unlockedAccount, target: .rider(userID), at: now))
        } catch let error as RiderAccountRepositoryError {
            throw error == .notLocked ? RiderAccountError.notLocked : .noSuchRider
        }
    }
}
