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
    /// Not one of the choices the form offers (a sixth star, a compliment Koober does not pay, a forged category).
    case notAChoice
    /// Not an amount of money Koober takes there (a tip outside A$0.50 to A$50.00, or not a number of dollars).
    case notAnAmount
}
