import Foundation

/// The rules of Sign Up (SPEC.md): what is wrong with each field, by field name.
public enum SignUpValidation {
    public static let minimumPasswordLength = 8

    /// Field name → what is wrong; empty when the account may be created (the email may still be taken).
    /// A value over its `FieldLimit` is that field's problem, before any other rule reads it.
    public static func problems(with account: NewAccount) -> [String: String] {
        let tooLong = tooLongFields(in: account)
        return tooLong.merging(ruleProblems(with: account)) { tooLong, _ in tooLong }
    }

    /// The fields over their `FieldLimit`, each with its problem.
    static func tooLongFields(in account: NewAccount) -> [String: String] {
        let limited: [(field: String, value: String, limit: FieldLimit)] = [
            ("name", account.name, .name), ("nickname", account.nickname, .nickname),
            ("email", account.email, .email), ("mobileNumber", account.mobileNumber, .mobileNumber),
            ("password", account.password, .password),
        ]
        var problems: [String: String] = [:]
        for (field, value, limit) in limited {
            let checked = limit.unit == .utf8Bytes ? value : value.trimmingCharacters(in: .whitespacesAndNewlines)
            problems[field] = limit.problem(with: checked)
        }
        return problems
    }

    private static func ruleProblems(with account: NewAccount) -> [String: String] {
        var problems: [String: String] = [:]
        if account.name.isBlank { problems["name"] = "Please enter your full name." }
        if account.nickname.isBlank { problems["nickname"] = "Please tell us what to call you." }
        if account.email.isBlank {
            problems["email"] = "Please enter your email."
        } else if !EmailAddress.isValid(EmailAddress.normalize(account.email)) {
            problems["email"] = "Please enter an email address like name@example.com."
        }
        if account.mobileNumber.isBlank {
            problems["mobileNumber"] = "Please enter your mobile number."
        } else if !account.mobileNumber.contains(where: { $0.isASCII && $0.isNumber }) {
            problems["mobileNumber"] = "A mobile number needs digits."
        }
        if account.password.isEmpty {
            problems["password"] = "Please choose a password."
        } else if account.password.count < minimumPasswordLength {
            problems["password"] = "Passwords need at least \(minimumPasswordLength) characters."
        }
        return problems
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
