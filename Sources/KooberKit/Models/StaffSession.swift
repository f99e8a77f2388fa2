import Foundation

/// A signed-in staff member: whose session it is and how old it is (`StaffSessionPolicy` judges it).
public struct StaffSession: Equatable, Sendable {
    public let tokenHash: StaffTokenHash
    public let member: StaffMember
    public let createdAt: Date
    public let lastSeenAt: Date

    public init(tokenHash: StaffTokenHash, member: StaffMember, createdAt: Date, lastSeenAt: Date) {
        self.tokenHash = tokenHash
        self.member = member
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}
