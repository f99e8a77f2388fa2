import KooberKit

// The account use cases' errors in the words riders read, for the pages and the API alike; the field errors are named
// as the caller names its fields (`ErrorMessage(title:message:problems:naming:)`).

private func correctTheFields(_ words: Words) -> String { words("errors.pleaseCorrectTheFieldsMarked") }

/// A sign-in (or a reset link's) to an account Koober Ops has locked (SPEC.md, "Koober Ops", **Riders**).
private func accountLockedMessage(_ words: Words) -> ErrorMessage {
    ErrorMessage(title: words("errors.signInFailed"), message: words("errors.thisAccountIsLockedPlease"))
}

extension SignUpError {
    func errorMessage(_ words: Words, naming name: (AccountField) -> String = { FormFieldName.account($0).rawValue })
        -> ErrorMessage
    {
        switch self {
        case .invalid(let problems):
            ErrorMessage(
                title: words("errors.signUpFailed"), message: correctTheFields(words), problems: problems, words: words,
                naming: name)
        case .emailTaken:
            ErrorMessage(
                title: words("errors.signUpFailed"), message: correctTheFields(words),
                fieldErrors: [name(.email): words("errors.thisEmailIsAlreadyRegistered")])
        case .throttled:
            ErrorMessage(
                title: words("errors.tooManySignUps"),
                message: words("errors.tooManyAccountsWereMade"))
        }
    }
}

extension SignInError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .failed:
            ErrorMessage(title: words("errors.signInFailed"), message: words("errors.couldNotSignInPlease"))
        case .throttled:
            ErrorMessage(
                title: words("errors.tooManyTries"),
                message: words("errors.thereWereTooManyFailed"))
        case .invalid(let problems):
            ErrorMessage(
                title: words("errors.signInFailed"), message: correctTheFields(words), problems: problems, words: words)
        case .accountLocked: accountLockedMessage(words)
        }
    }
}

extension EditProfileError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .invalid(let problems):
            ErrorMessage(
                title: words("errors.saveFailed"), message: correctTheFields(words), problems: problems, words: words)
        case .accountGone:
            ErrorMessage(title: words("errors.saveFailed"), message: words("errors.yourAccountNoLongerExists"))
        }
    }
}

extension ChangePasswordError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .invalid(let problems):
            ErrorMessage(
                title: words("errors.changePasswordFailed"), message: correctTheFields(words), problems: problems,
                words: words)
        case .throttled: SignInError.throttled.errorMessage(words)
        case .accountLocked: accountLockedMessage(words)
        }
    }
}

extension DeleteAccountError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .invalid(let problem):
            ErrorMessage(
                title: words("errors.deleteAccountFailed"), message: words("errors.pleaseCorrectTheFieldMarked"),
                fieldErrors: [
                    FormFieldName.account(.password).rawValue:
                        problem == .missing
                        ? words("errors.pleaseEnterYourPassword") : problem.text(for: .password, words)
                ])
        case .throttled: SignInError.throttled.errorMessage(words)
        }
    }
}

extension LoadUserProfileError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .accountGone:
            ErrorMessage(title: words("errors.profileNotFound"), message: words("errors.yourAccountCouldNotBe"))
        }
    }
}

extension RequestPasswordResetError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .invalid(let problems):
            ErrorMessage(
                title: words("errors.resetLinkNotSent"), message: words("errors.pleaseCorrectTheFieldMarked"),
                problems: problems, words: words)
        }
    }
}

extension ResetPasswordError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .invalid(let problems):
            ErrorMessage(
                title: words("errors.resetPasswordFailed"), message: correctTheFields(words), problems: problems,
                words: words)
        case .linkExpired:
            ErrorMessage(title: words("errors.linkExpired"), message: words("errors.thisLinkHasExpiredOr"))
        case .accountLocked: accountLockedMessage(words)
        }
    }
}

extension SendEmailConfirmationError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .alreadyConfirmed:
            ErrorMessage(
                title: words("errors.emailAlreadyConfirmed"), message: words("errors.yourEmailIsConfirmedAlready"))
        case .throttled:
            ErrorMessage(
                title: words("errors.tooManyEmails"), message: words("errors.youVeAskedForSeveral"))
        }
    }
}

/// What the mailed links' pages tell a rider when all went well (shown as a status, not an alert).
enum AccountLinkNotice {
    /// Forgot Password's one answer, whether an account uses the email or not, throttled or not (SPEC.md, "Email").
    static func checkYourEmail(_ words: Words) -> ErrorMessage {
        ErrorMessage(
            title: words("errors.checkYourEmail"),
            message: words("errors.ifAnAccountUsesThat"))
    }

    static func emailConfirmed(_ words: Words) -> ErrorMessage {
        ErrorMessage(title: words("errors.emailConfirmed"), message: words("errors.thankYouYourEmailIs"))
    }

    static func confirmationSent(to email: String, _ words: Words) -> ErrorMessage {
        ErrorMessage(
            title: words("errors.confirmationEmailSent"), message: words("errors.weveSentALinkTo", ["email": email]))
    }
}
