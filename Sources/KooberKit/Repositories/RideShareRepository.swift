/// Where share links live: one per ride, keyed by the ride, by the hash of their token only (SPEC.md, "During the
/// ride: Share Ride"). The changes that end access (`UserSessionRepository.deleteAll`,
/// `AccountLinkRepository.resetPassword`, the account's deletion) end the rider's links in their own transaction.
public protocol RideShareRepository: Sendable {
    /// The ride's live link, if it has one.
    func link(rideID: RideID) async throws -> RideShare?
    /// Stores `link` as its ride's one link, replacing an earlier one (whose token then ends), in one step with the
    /// checks that the ride is `link.userID`'s and that the sharing `session` still lives: a share racing Sign Out
    /// Everywhere or a password change never outlives it. Whether it was stored.
    func save(_ link: RideShare, session: SessionTokenHash) async throws -> Bool
    /// Ends every link of the rider's rides (Stop Sharing); how many.
    @discardableResult
    func deleteAll(userID: UserID) async throws -> Int
    /// The ride a live link with this hash shows, with its rider's nickname.
    func owner(tokenHash: SessionTokenHash) async throws -> SharedRideOwner?
}
