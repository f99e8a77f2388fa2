/// A user's identity in storage.
public struct UserID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    /// The id no user has (ids start at 1), for whom a decoy link is issued (`AccountLinkRepository.issueDecoy`).
    public static let decoy = UserID(-1)
}
