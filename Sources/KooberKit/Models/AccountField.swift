/// A field of the account forms a rider fills in (Sign Up, Sign In, Edit Profile, Change Password, Delete Account),
/// as the use cases name it in their errors; the pages and the API each have their own names for it.
public enum AccountField: Hashable, Sendable, CaseIterable {
    case name
    case nickname
    case email
    case mobileNumber
    /// The password being chosen (Sign Up), or given (Sign In, Delete Account).
    case password
    case currentPassword
    case newPassword
}
