/// What is wrong with a value a rider typed; the words for it are the web layer's.
public enum FieldProblem: Equatable, Sendable {
    case missing
    /// Longer than its `FieldLimit` allows (checked before any other rule reads it).
    case tooLong(FieldLimit)
    case notAnEmailAddress
    /// A mobile number without a single digit.
    case noDigits
    case tooShort(minimum: Int)
    /// Not the rider's password (Change Password's current one, Delete Account's).
    case notYourPassword
}
