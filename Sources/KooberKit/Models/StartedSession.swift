/// A session just begun: the token for the browser's cookie and who is signed in.
public struct StartedSession: Equatable, Sendable {
    public let token: SessionToken
    public let profile: UserProfile

    public init(token: SessionToken, profile: UserProfile) {
        self.token = token
        self.profile = profile
    }
}
