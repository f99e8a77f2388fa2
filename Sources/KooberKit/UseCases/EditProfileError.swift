/// Why Edit Profile changed nothing.
public enum EditProfileError: Error, Equatable, Sendable {
    /// Fields that break the rules of Sign Up.
    case invalid([AccountField: FieldProblem])
    /// The account was deleted meanwhile.
    case accountGone
}
