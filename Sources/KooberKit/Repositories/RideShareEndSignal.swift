/// Told when a rider's share links ended (Stop Sharing), so the watchers' streams of them end at once in this process.
/// The changes that end access tell `SessionEndSignal.sessionsEnded(of:)`, which ends them too.
public protocol RideShareEndSignal: Sendable {
    func sharingEnded(of userID: UserID)
}
