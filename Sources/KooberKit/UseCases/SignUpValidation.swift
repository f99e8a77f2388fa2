/// The rules of Sign Up (SPEC.md): what is wrong with each field, by field name.
public enum SignUpValidation {
    public static let minimumPasswordLength = 8

    /// Field name → what is wrong; empty when the account may be created (the email may still be taken).
    public static func problems(with account: NewAccount) -> [String: String] {
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
