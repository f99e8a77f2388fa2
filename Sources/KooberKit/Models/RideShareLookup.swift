/// A followed ride's share link as the one read of pick-me-up's page found it (`RideState`, read with the rider's
/// session), so the live page takes no trip of its own to show it.
public enum RideShareLookup: Equatable, Sendable {
    /// The reader did not look: whoever needs the link asks the share repository.
    case unread
    /// The ride has no live link.
    case none
    case link(RideShare)
}
