/// Told when a use case has ended sessions, so that what lives on with a session in this process (its ride streams)
/// ends with it. Every way of ending a session tells it: the use case says what happened, and nobody watching the
/// outcome (a page, the API) has to remember to.
public protocol SessionEndSignal: Sendable {
    /// One session ended (Sign Out, on a page or through the API).
    func sessionEnded(_ session: SessionTokenHash)
    /// Every session of a rider ended (Change Password, Sign Out Everywhere, Delete Account).
    func sessionsEnded(of userID: UserID)
}
