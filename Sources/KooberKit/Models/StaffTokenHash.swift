/// The SHA-256 of a Koober Ops token (an enrolment link's, a staff session's), in lower-case hex: all that storage keeps
/// of one. A type of its own, so no staff token can be handed where a rider's session is looked up, nor the reverse.
public struct StaffTokenHash: Hashable, Sendable, CustomStringConvertible {
    public let hex: String

    public init(hex: String) {
        self.hex = hex
    }

    public var description: String { hex }
}
