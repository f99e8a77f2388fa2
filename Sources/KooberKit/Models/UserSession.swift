import Foundation

/// A signed-in visitor: whose session it is and how old it is.
public struct UserSession: Equatable, Sendable {
    public let tokenHash: SessionTokenHash
    public let profile: UserProfile
    public let createdAt: Date
    public let lastSeenAt: Date
    /// The door it opens: the pages (`web`) or the API (`api`).
    public let kind: SessionKind

    public init(
        tokenHash: SessionTokenHash, profile: UserProfile, createdAt: Date, lastSeenAt: Date, kind: SessionKind = .web
    ) {
        self.tokenHash = tokenHash
        self.profile = profile
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.kind = kind
    }
}
