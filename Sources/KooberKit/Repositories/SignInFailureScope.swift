/// Which failed sign-ins a throttle counts: one email from one client address, one address across emails, or one
/// email across addresses. Emails are compared normalised (`EmailAddress.normalize`).
public enum SignInFailureScope: Sendable, Hashable {
    case pair(email: String, address: String)
    case address(String)
    case email(String)

    /// The three scopes a sign-in for `email` from `address` is throttled by, narrowest first.
    public static func all(email: String, address: String) -> [SignInFailureScope] {
        [.pair(email: email, address: address), .address(address), .email(email)]
    }
}
