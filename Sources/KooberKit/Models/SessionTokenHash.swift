/// The SHA-256 of a session token, in lower-case hex: all that storage ever keeps of a session id.
public struct SessionTokenHash: Hashable, Sendable, CustomStringConvertible {
    public let hex: String

    public init(hex: String) {
        self.hex = hex
    }

    public var description: String { hex }
}
