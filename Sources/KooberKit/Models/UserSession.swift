import Foundation

/// A signed-in visitor: whose session it is and how old it is.
public struct UserSession: Equatable, Sendable {
    public let tokenHash: SessionTokenHash
    public let profile: UserProfile
    public let createdAt: Date
    public let lastSeenAt: Date

    public init(tokenHash: SessionTokenHash, profile: UserProfile, createdAt: Date, lastSeenAt: Date) {
        self.tokenHash = tokenHash
        self.profile = profile
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}
