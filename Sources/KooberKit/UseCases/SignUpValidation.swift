import Foundation

/// The rules of Sign Up (SPEC.md): what is wrong with each field, by field name.
public enum SignUpValidation {
    public static let minimumPasswordLength = 8

    /// Field name → what is wrong; empty when the account may be created (the email may still be taken).
    /// A value over its `FieldLimit` is that field's problem, before any other rule reads it.
    public static func problems(with account: NewAccount) -> [String: String] {
        problems([
            ("name", account.name, .name, nameProblem), ("nickname", account.nickname, .nickname, nicknameProblem),
            ("email", account.email, .email, emailProblem),
            ("mobileNumber", account.mobileNumber, .mobileNumber, mobileNumberProblem),
            ("password", account.password, .password, passwordProblem),
        ])
    }

    /// The same rules for the fields Edit Profile changes.
    public static func profileProblems(name: String, nickname: String, mobileNumber: String) -> [String: String] {
        problems([
            ("name", name, .name, nameProblem), ("nickname", nickname, .nickname, nicknameProblem),
            ("mobileNumber", mobileNumber, .mobileNumber, mobileNumberProblem),
        ])
    }

    /// The rule for a new password (Change Password), the one of Sign Up, under `fieldName`.
    public static func passwordProblems(_ password: String, fieldName: String) -> [String: String] {
        problems([(fieldName, password, .password, passwordProblem)])
    }

    private typealias Field = (name: String, value: String, limit: FieldLimit, rule: (String) -> String?)

    private static func problems(_ fields: [Field]) -> [String: String] {
        var problems: [String: String] = [:]
        for field in fields {
            let checked =
                field.limit.unit == .utf8Bytes
                ? field.value : field.value.trimmingCharacters(in: .whitespacesAndNewlines)
            problems[field.name] = field.limit.problem(with: checked) ?? field.rule(field.value)
        }
        return problems
    }

    private static func nameProblem(_ name: String) -> String? {
        name.isBlank ? "Please enter your full name." : nil
    }

    private static func nicknameProblem(_ nickname: String) -> String? {
        nickname.isBlank ? "Please tell us what to call you." : nil
    }

    private static func emailProblem(_ email: String) -> String? {
        if email.isBlank { return "Please enter your email." }
        return EmailAddress.isValid(EmailAddress.normalize(email))
            ? nil : "Please enter an email address like name@example.com."
    }

    private static func mobileNumberProblem(_ mobileNumber: String) -> String? {
        if mobileNumber.isBlank { return "Please enter your mobile number." }
        return mobileNumber.contains(where: { $0.isASCII && $0.isNumber }) ? nil : "A mobile number needs digits."
    }

    private static func passwordProblem(_ password: String) -> String? {
        if password.isEmpty { return "Please choose a password." }
        return password.count < minimumPasswordLength
            ? "Passwords need at least \(minimumPasswordLength) characters." : nil
    }

    /// Too many sign-ups from the visitor's address lately (`SignUpThrottle`); the web layer answers it with 429.
    public static let throttled = ErrorMessage(
        title: "Too Many Sign-Ups",
        message: "Too many accounts were made from your network lately. Please try again in an hour."
    )

    public static let emailTaken = "This email is already registered. Try signing in instead."

    public static func failure(_ fieldErrors: [String: String]) -> ErrorMessage {
        ErrorMessage(
            title: "Sign Up Failed",
            message: "Please correct the fields marked below.",
            fieldErrors: fieldErrors
        )
    }
}

extension String {
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
