import KooberKit

// The account use cases' errors in the words riders read, for the pages and the API alike; the field errors are named
// as the caller names its fields (`ErrorMessage(title:message:problems:naming:)`).

private let correctTheFields = "Please correct the fields marked below."

/// A sign-in (or a reset link's) to an account Koober Ops has locked (SPEC.md, "Koober Ops", **Riders**).
private let accountLockedMessage = ErrorMessage(
    title: "Sign In Failed", message: "This account is locked. Please contact Koober.")

extension SignUpError {
    func errorMessage(naming name: (AccountField) -> String = { FormFieldName.account($0).rawValue }) -> ErrorMessage {
        switch self {
        case .invalid(let problems):
            ErrorMessage(title: "Sign Up Failed", message: correctTheFields, problems: problems, naming: name)
        case .emailTaken:
            ErrorMessage(
                title: "Sign Up Failed", message: correctTheFields,
                fieldErrors: [name(.email): "This email is already registered. Try signing in instead."])
        case .throttled:
            ErrorMessage(
                title: "Too Many Sign-Ups",
                message: "Too many accounts were made from your network lately. Please try again in an hour.")
        }
    }
}

extension SignInError {
    var errorMessage: ErrorMessage {
        switch self {
        case .failed:
            ErrorMessage(title: "Sign In Failed", message: "Could not sign in. Please try again.")
        case .throttled:
            ErrorMessage(
                title: "Too Many Tries",
                message: "There were too many failed sign-ins. Please wait 15 minutes and try again.")
        case .invalid(let problems):
            ErrorMessage(title: "Sign In Failed", message: correctTheFields, problems: problems)
        case .accountLocked: accountLockedMessage
        }
    }
}

extension EditProfileError {
    var errorMessage: ErrorMessage {
        switch self {
        case .invalid(let problems): ErrorMessage(title: "Save Failed", message: correctTheFields, problems: problems)
        case .accountGone: ErrorMessage(title: "Save Failed", message: "Your account no longer exists.")
        }
    }
}

extension ChangePasswordError {
    var errorMessage: ErrorMessage {
        switch self {
        case .invalid(let problems):
            ErrorMessage(title: "Change Password Failed", message: correctTheFields, problems: problems)
        case .throttled: SignInError.throttled.errorMessage
        case .accountLocked: accountLockedMessage
        }
    }
}

extension DeleteAccountError {
    var errorMessage: ErrorMessage {
        switch self {
        case .invalid(let problem):
            ErrorMessage(
                title: "Delete Account Failed", message: "Please correct the field marked below.",
                fieldErrors: [
                    FormFieldName.account(.password).rawValue:
                        problem == .missing ? "Please enter your password." : problem.words(for: .password)
                ])
        case .throttled: SignInError.throttled.errorMessage
        }
    }
}

extension LoadUserProfileError {
    var errorMessage: ErrorMessage {
        switch self {
        case .accountGone: ErrorMessage(title: "Profile Not Found", message: "Your account could not be found.")
        }
    }
}

extension RequestPasswordResetError {
    var errorMessage: ErrorMessage {
        switch self {
        case .invalid(let problems):
            ErrorMessage(
                title: "Reset Link Not Sent", message: "Please correct the field marked below.", problems: problems)
        }
    }
}

extension ResetPasswordError {
    var errorMessage: ErrorMessage {
        switch self {
        case .invalid(let problems):
            ErrorMessage(title: "Reset Password Failed", message: correctTheFields, problems: problems)
        case .linkExpired:
            ErrorMessage(title: "Link Expired", message: "This link has expired or has already been used.")
        case .accountLocked: accountLockedMessage
        }
    }
}

extension SendEmailConfirmationError {
    var errorMessage: ErrorMessage {
        switch self {
        case .alreadyConfirmed:
            ErrorMessage(title: "Email Already Confirmed", message: "Your email is confirmed already.")
        case .throttled:
            ErrorMessage(
                title: "Too Many Emails", message: "You've asked for several emails lately. Please try again later.")
        }
    }
}

/// What the mailed links' pages tell a rider when all went well (shown as a status, not an alert).
enum AccountLinkNotice {
    /// Forgot Password's one answer, whether an account uses the email or not, throttled or not (SPEC.md, "Email").
    static let checkYourEmail = ErrorMessage(
        title: "Check Your Email",
        message: "If an account uses that email, we've sent it a link to reset the password.")

    static let emailConfirmed = ErrorMessage(title: "Email Confirmed", message: "Thank you, your email is confirmed.")

    static func confirmationSent(to email: String) -> ErrorMessage {
        ErrorMessage(title: "Confirmation Email Sent", message: "We've sent a link to \(email).")
    }
}
