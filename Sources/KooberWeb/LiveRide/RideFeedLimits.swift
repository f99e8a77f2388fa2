/// How many ride streams may be open (SPEC.md: 4 per session, 10,000 in all; beyond them 429).
public struct RideFeedLimits: Sendable {
    public var perSession: Int
    public var total: Int

    public init(perSession: Int = 4, total: Int = 10_000) {
        self.perSession = perSession
        self.total = total
    }
}
