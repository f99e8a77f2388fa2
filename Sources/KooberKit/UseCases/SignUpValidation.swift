import Foundation

/// The rules of Sign Up (SPEC.md): what is wrong with each field.
public enum SignUpValidation {
    public static let minimumPasswordLength = 8

    /// Each field's problem; empty when the account may be created (the email may still be taken). A value over its
    /// `FieldLimit` is that field's problem, before any other rule reads it.
    public static func problems(with account: NewAccount) -> [AccountField: FieldProblem] {
        problems([
            (.name, account.name, .name, nameProblem), (.nickname, account.nickname, .nickname, nicknameProblem),
            (.email, account.email, .email, emailProblem),
            (.mobileNumber, account.mobileNumber, .mobileNumber, mobileNumberProblem),
            (.password, account.password, .password, passwordProblem),
        ])
    }

    /// The same rules for the fields Edit Profile changes.
    public static func profileProblems(
        name: String, nickname: String, mobileNumber: String
    ) -> [AccountField: FieldProblem] {
        problems([
            (.name, name, .name, nameProblem), (.nickname, nickname, .nickname, nicknameProblem),
            (.mobileNumber, mobileNumber, .mobileNumber, mobileNumberProblem),
        ])
    }

    /// The rule for a new password (Change Password), the one of Sign Up, as `field`'s problem.
    public static func passwordProblems(_ password: String, field: AccountField) -> [AccountField: FieldProblem] {
        problems([(field, password, .password, passwordProblem)])
    }

    /// The rule for an email alone (Forgot Password), as the email field's problem.
    public static func emailProblems(_ email: String) -> [AccountField: FieldProblem] {
        problems([(.email, email, .email, emailProblem)])
    }

    private typealias Field = (
        field: AccountField, value: String, limit: FieldLimit, rule: (String) -> FieldProblem?
    )

    private static func problems(_ fields: [Field]) -> [AccountField: FieldProblem] {
        var problems: [AccountField: FieldProblem] = [:]
        for field in fields {
            // The bytes as sent first: nothing reads a value over them, not even the trimming.
            if let tooLong = field.limit.problem(withBytesOf: field.value) {
                problems[field.field] = tooLong
                continue
            }
            let checked =
                field.limit.unit == .utf8Bytes
                ? field.value : field.value.trimmingCharacters(in: .whitespacesAndNewlines)
            problems[field.field] = field.limit.problem(with: checked) ?? field.rule(field.value)
        }
        return problems
    }

    private static func nameProblem(_ name: String) -> FieldProblem? {
        name.isBlank ? .missing : nil
    }

    private static func nicknameProblem(_ nickname: String) -> FieldProblem? {
        nickname.isBlank ? .missing : nil
    }

    private static func emailProblem(_ email: String) -> FieldProblem? {
        if email.isBlank { return .missing }
        return EmailAddress.isValid(EmailAddress.normalize(email)) ? nil : .notAnEmailAddress
    }

    private static func mobileNumberProblem(_ mobileNumber: String) -> FieldProblem? {
        if mobileNumber.isBlank { return .missing }
        return mobileNumber.contains(where: { $0.isASCII && $0.isNumber }) ? nil : .noDigits
    }

    private static func passwordProblem(_ password: String) -> FieldProblem? {
        if password.isEmpty { return .missing }
        return password.count < minimumPasswordLength ? .tooShort(minimum: minimumPasswordLength) : nil
    }
}

extension String {
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
