/// Stop Sharing: every link of the rider's rides ends, and `signal` hears of it (their watchers' streams end). Sharing
/// again makes a new link.
public struct StopSharingRideUseCase: Sendable {
    let userID: UserID
    let shareRepository: any RideShareRepository
    let signal: any RideShareEndSignal

    public init(userID: UserID, shareRepository: any RideShareRepository, signal: any RideShareEndSignal) {
        self.userID = userID
        self.shareRepository = shareRepository
        self.signal = signal
    }

    public func run() async throws {
        try await shareRepository.deleteAll(userID: userID)
        signal.sharingEnded(of: userID)
    }
}
