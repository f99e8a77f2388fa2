import Crypto
import Foundation

/// A share link's token, `/share/<token>`: `HMAC-SHA256(key: the sharing session's own token, message: "share", the
/// ride's id and the link's 128-bit random salt)`, base64url without padding (43 characters, 256 bits). The same
/// session sharing the same ride again derives the same token while the link's row (its salt) lives; storage keeps
/// only the salt and the token's SHA-256, and the session's token only as its own SHA-256, so the database alone
/// cannot rebuild a link.
public struct RideShareToken: Equatable, Sendable {
    public let value: String

    /// The length of every token `derive` makes.
    public static let length = 43

    private init(value: String) {
        self.value = value
    }

    /// A token as a client hands it back (a link's path): exactly 43 characters of the base64url alphabet whose last
    /// one carries no bits beyond the 256 (as `derive` makes them); anything else is no token at all, and is never
    /// looked up. Bounded before anything else is read.
    public init?(wellFormed value: String) {
        let utf8 = value.utf8
        guard utf8.count == Self.length, utf8.allSatisfy(Base64URL.isAlphabet), let last = utf8.last,
            let index = Base64URL.index(of: last), index & 0x3 == 0
        else { return nil }
        self.value = value
    }

    /// The token of `salt`'s link to `rideID`, for the session whose token is `sessionToken`.
    public static func derive(sessionToken: SessionToken, rideID: RideID, salt: String) -> RideShareToken {
        let key = SymmetricKey(data: Data(sessionToken.value.utf8))
        let message = Data("share\u{0}\(rideID.rawValue)\u{0}\(salt)".utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: key)
        return RideShareToken(value: Base64URL.encode(Array(mac)))
    }

    /// A fresh salt: 128 bits from the system's CSPRNG, base64url.
    public static func generateSalt() -> String {
        Base64URL.encode(RandomToken.bytes(count: 16))
    }

    /// The SHA-256 of the token's text, in hex: all storage keeps of it.
    public var hash: SessionTokenHash { SessionToken(value: value).hash }
}
