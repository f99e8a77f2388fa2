/// A Koober Ops staff member's identity in storage. Never given to another member: the stores count ids up and never
/// reuse one (SQLite's `AUTOINCREMENT`, PostgreSQL's identity), so a sealed authenticator secret (`StaffSecretSealer`
/// binds it to this id) and, later, an audit row always name the member they were made for.
public struct StaffID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}
