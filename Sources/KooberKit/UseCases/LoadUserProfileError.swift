/// Why My Profile has nothing to show.
public enum LoadUserProfileError: Error, Equatable, Sendable {
    /// The rider's account is gone.
    case accountGone
}
