import KooberKit

extension FieldProblem {
    /// What the pages and the API say is wrong with `field`.
    func words(for field: AccountField) -> String {
        switch self {
        case .missing:
            switch field {
            case .name: "Please enter your full name."
            case .nickname: "Please tell us what to call you."
            case .email: "Please enter your email."
            case .mobileNumber: "Please enter your mobile number."
            case .password, .newPassword: "Please choose a password."
            case .currentPassword: "Please enter your current password."
            }
        case .tooLong(let limit): limit.words
        case .notAnEmailAddress: "Please enter an email address like name@example.com."
        case .noDigits: "A mobile number needs digits."
        case .tooShort(let minimum): "Passwords need at least \(minimum) characters."
        case .notYourPassword:
            field == .currentPassword ? "That is not your current password." : "That is not your password."
        case .notAChoice, .notAnAmount: "Please choose one of the options shown."
        }
    }
}

extension FieldLimit {
    /// What a field's error says when the limit is exceeded.
    var words: String {
        switch unit {
        case .characters: "Use at most \(maximum.withThousandsComma) characters."
        case .utf8Bytes:
            "Use at most \(maximum.withThousandsComma) bytes (accented letters and emoji take more than one)."
        }
    }
}

extension Int {
    /// With a comma between thousands (`1,024`), as the pages write numbers; no locale is involved.
    fileprivate var withThousandsComma: String {
        let digits = String(self)
        guard digits.count > 3 else { return digits }
        return String(digits.dropLast(3)) + "," + String(digits.suffix(3))  // enough for the limits, all < 1,000,000
    }
}

extension ErrorMessage {
    /// A message whose field errors are `problems` in words, each under the name `name` gives its field (the page's
    /// form field, `FormFieldName`, or the API's key).
    init(
        title: String, message: String, problems: [AccountField: FieldProblem],
        naming name: (AccountField) -> String = { FormFieldName.account($0).rawValue }
    ) {
        self.init(
            title: title, message: message,
            fieldErrors: Dictionary(uniqueKeysWithValues: problems.map { (name($0.key), $0.value.words(for: $0.key)) }))
    }
}
