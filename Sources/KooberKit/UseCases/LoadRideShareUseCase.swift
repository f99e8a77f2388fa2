/// The ride's live share link as the session that made it sees it again (its token derived anew from the session's
/// own token and the link's salt, `RideShareToken`); `nil` when the ride has no link, or another session made it.
public struct LoadRideShareUseCase: Sendable {
    let rideID: RideID
    let sessionToken: SessionToken
    let shareRepository: any RideShareRepository

    public init(rideID: RideID, sessionToken: SessionToken, shareRepository: any RideShareRepository) {
        self.rideID = rideID
        self.sessionToken = sessionToken
        self.shareRepository = shareRepository
    }

    /// `readWithRide`: the link as read with the ride (`Ride.share`); the repository is asked only when it is
    /// `.unread`.
    public func run(readWithRide: RideShareLookup = .unread) async throws -> RideShareToken? {
        let stored: RideShare?
        switch readWithRide {
        case .unread: stored = try await shareRepository.link(rideID: rideID)
        case .none: stored = nil
        case .link(let link): stored = link.rideID == rideID ? link : nil
        }
        guard let link = stored else { return nil }
        let token = RideShareToken.derive(sessionToken: sessionToken, rideID: rideID, salt: link.salt)
        return token.hash == link.tokenHash ? token : nil
    }
}
