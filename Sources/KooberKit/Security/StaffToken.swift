/// A Koober Ops token as a browser holds it: 256 bits from the system's CSPRNG, base64url without padding, stored only
/// as its SHA-256 (`hash`). `StaffEnrolmentToken` and `StaffSessionToken` are the two kinds, each a type of its own.
public protocol StaffToken: Equatable, Sendable {
    var value: String { get }
    /// A token whose text is already known to be one `generate()` could make.
    init(checkedValue: String)
}

extension StaffToken {
    /// A token as a client hands it back (a link's, a cookie's), if it could be one `generate()` made; anything else is
    /// no token at all.
    public init?(wellFormed value: String) {
        guard RandomToken.isWellFormed(value) else { return nil }
        self.init(checkedValue: value)
    }

    /// A fresh random token.
    public static func generate() -> Self {
        Self(checkedValue: RandomToken.generate())
    }

    /// The SHA-256 of the token's text, in hex: a rider's session id's hash, made the same way.
    public var hash: StaffTokenHash {
        StaffTokenHash(hex: SessionToken(value: value).hash.hex)
    }
}
