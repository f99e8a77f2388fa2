import KooberKit

extension FieldProblem {
    /// What the pages and the API say is wrong with `field`.
    func text(for field: AccountField, _ words: Words) -> String {
        switch self {
        case .missing:
            switch field {
            case .name: words("errors.pleaseEnterYourFullName")
            case .nickname: words("errors.pleaseTellUsWhatTo")
            case .email: words("errors.pleaseEnterYourEmail")
            case .mobileNumber: words("errors.pleaseEnterYourMobileNumber")
            case .password, .newPassword: words("errors.pleaseChooseAPassword")
            case .currentPassword: words("errors.pleaseEnterYourCurrentPassword")
            }
        case .tooLong(let limit): limit.text(words)
        case .notAnEmailAddress: words("errors.pleaseEnterAnEmailAddress")
        case .noDigits: words("errors.aMobileNumberNeedsDigits")
        case .tooShort(let minimum): words.counting("errors.passwordsNeedAtLeast", minimum)
        case .notYourPassword:
            field == .currentPassword ? words("errors.thatIsNotYourCurrent") : words("errors.thatIsNotYourPassword")
        case .notAChoice, .notAnAmount: words("errors.pleaseChooseOneOfThe2")
        }
    }
}

extension FieldLimit {
    /// What a field's error says when the limit is exceeded.
    func text(_ words: Words) -> String {
        switch unit {
        case .characters: words.counting("errors.useAtMostCharacters", maximum, ["count": maximum.withThousandsComma])
        case .utf8Bytes:
            words.counting("errors.useAtMostBytes", maximum, ["count": maximum.withThousandsComma])
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
        title: String, message: String, problems: [AccountField: FieldProblem], words: Words,
        naming name: (AccountField) -> String = { FormFieldName.account($0).rawValue }
    ) {
        self.init(
            title: title, message: message,
            fieldErrors: Dictionary(
                uniqueKeysWithValues: problems.map { (name($0.key), $0.value.text(for: $0.key, words)) }))
    }
}
