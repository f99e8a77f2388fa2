/// The longest value a form field may hold (SPEC.md): longer is a field error, checked before anything is hashed,
/// stored or searched, so a megabyte typed into a name costs a page and nothing more.
///
/// Lengths are in characters (what a person counts) except the password's, which is in UTF-8 bytes because argon2id
/// hashes bytes: 1,024 keeps each hash's input small whatever the characters.
public struct FieldLimit: Sendable, Equatable {
    public enum Unit: Sendable, Equatable {
        case characters
        case utf8Bytes
    }

    public let maximum: Int
    public let unit: Unit

    public static let name = FieldLimit(maximum: 100, unit: .characters)
    public static let nickname = FieldLimit(maximum: 100, unit: .characters)
    public static let mobileNumber = FieldLimit(maximum: 100, unit: .characters)
    /// RFC 5321's longest forward path, less its angle brackets.
    public static let email = FieldLimit(maximum: 254, unit: .characters)
    public static let password = FieldLimit(maximum: 1_024, unit: .utf8Bytes)
    public static let search = FieldLimit(maximum: 100, unit: .characters)

    /// Whether `value` is longer than the limit. Counting stops past the limit, so a huge value costs no more
    /// than a long one.
    public func isExceeded(by value: String) -> Bool {
        guard value.utf8.count > maximum else { return false }  // no more characters than bytes
        return switch unit {
        case .utf8Bytes: true
        case .characters: !value.dropFirst(maximum).isEmpty
        }
    }

    /// The problem with `value`, if it is too long.
    public func problem(with value: String) -> FieldProblem? {
        isExceeded(by: value) ? .tooLong(self) : nil
    }
}
