import Foundation

/// A ride's one live share link, as stored: the SHA-256 of its token only, and the random salt the token was derived
/// with (`RideShareToken.derive`), so the session that shared can show the same link again while nobody holding only
/// the database can rebuild it.
public struct RideShare: Equatable, Sendable {
    public let rideID: RideID
    public let userID: UserID
    public let tokenHash: SessionTokenHash
    /// 128 random bits, base64url.
    public let salt: String
    public let createdAt: Date

    public init(rideID: RideID, userID: UserID, tokenHash: SessionTokenHash, salt: String, createdAt: Date) {
        self.rideID = rideID
        self.userID = userID
        self.tokenHash = tokenHash
        self.salt = salt
        self.createdAt = createdAt
    }
}
