/// Whether the ride is shared, as this session sees it (`RideSharing`): the live link this session made (its token
/// derived anew from the session's own token and the link's salt, `RideShareToken`), a link another session made
/// (whose token cannot be derived here), or none.
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
    public func run(readWithRide: RideShareLookup = .unread) async throws -> RideSharing {
        let stored: RideShare?
        switch readWithRide {
        case .unread: stored = try await shareRepository.link(rideID: rideID)
        case .none: stored = nil
        case .link(let link): stored = link.rideID == rideID ? link : nil
        }
        guard let link = stored else { return .notShared }
        let token = RideShareToken.derive(sessionToken: sessionToken, rideID: rideID, salt: link.salt)
        return token.hash == link.tokenHash ? .link(token) : .sharedElsewhere
    }
}
