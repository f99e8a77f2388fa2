import Foundation

/// The ride a share link shows, brought up to the clock as the rider's own page brings it; `nil` for a link that is
/// malformed, unknown, stopped, or whose ride has ended by the clock (finished or cancelled) — all alike.
public struct LoadSharedRideUseCase: Sendable {
    let token: RideShareToken?
    let now: Date
    let rideRepository: any RideRepository
    let shareRepository: any RideShareRepository

    /// `token`: the link's, as parsed from what the client sent (`RideShareToken(wellFormed:)`), `nil` when it could be
    /// no link's; it is answered as an unknown one.
    public init(
        token: RideShareToken?, now: Date, rideRepository: any RideRepository, shareRepository: any RideShareRepository
    ) {
        self.token = token
        self.now = now
        self.rideRepository = rideRepository
        self.shareRepository = shareRepository
    }

    public func run() async throws -> SharedRide? {
        guard let token, let owner = try await shareRepository.owner(tokenHash: token.hash),
            let stored = try await rideRepository.ride(id: owner.rideID)
        else { return nil }
        let ride = try await AdvanceRide(ride: stored, now: now, rideRepository: rideRepository).run()
        guard ride.progress(at: now).status.isInProgress else { return nil }
        return SharedRide(
            record: RideRecord(ride: ride, events: try await rideRepository.events(rideID: ride.id)),
            nickname: owner.nickname, tokenHash: token.hash)
    }
}
