import Foundation

/// Share Ride: the link of the rider's ride in progress, made, or shown again while it lives. The token is derived
/// from the asking session's own token and the link's stored salt (`RideShareToken`), so this session sees the same
/// link again; another session (another device) cannot derive it, and its Share Ride makes a new link that ends the
/// older one (`signal` hears of it, so the older link's watchers' streams end). Throws a `ShareRideError`, and then stores nothing.
public struct ShareRideUseCase: Sendable {
    let userID: UserID
    let sessionToken: SessionToken
    let now: Date
    let rideRepository: any RideRepository
    let shareRepository: any RideShareRepository
    let signal: any RideShareEndSignal

    public init(
        userID: UserID, sessionToken: SessionToken, now: Date, rideRepository: any RideRepository,
        shareRepository: any RideShareRepository, signal: any RideShareEndSignal
    ) {
        self.signal = signal
        self.userID = userID
        self.sessionToken = sessionToken
        self.now = now
        self.rideRepository = rideRepository
        self.shareRepository = shareRepository
    }

    public func run() async throws -> RideShareToken {
        guard let ride = try await FollowRide(userID: userID, now: now, rideRepository: rideRepository).run(),
            ride.progress(at: now).status.isInProgress
        else { throw ShareRideError.noLiveRide }
        let older = try await shareRepository.link(rideID: ride.id)
        if let older {
            let token = RideShareToken.derive(sessionToken: sessionToken, rideID: ride.id, salt: older.salt)
            if token.hash == older.tokenHash { return token }
        }
        let salt = RideShareToken.generateSalt()
        let token = RideShareToken.derive(sessionToken: sessionToken, rideID: ride.id, salt: salt)
        let link = RideShare(rideID: ride.id, userID: userID, tokenHash: token.hash, salt: salt, createdAt: now)
        guard try await shareRepository.save(link, session: sessionToken.hash) else {
            throw ShareRideError.sessionEnded
        }
        if older != nil { signal.sharingEnded(of: userID) }
        return token
    }
}
