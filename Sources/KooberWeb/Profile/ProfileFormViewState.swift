import KooberKit

/// One of the account's forms (My Profile's Edit Profile, Change Password, Delete Account; Forgot Password and the
/// reset link's New Password): its heading, fields and button, the error of a failed submit with each field's problem,
/// and the way back. What was typed is kept, passwords never.
struct ProfileFormViewState: Sendable, Encodable {
    /// A value the form sends back without showing it (the reset link's token).
    struct HiddenField: Sendable, Encodable {
        let name: String
        let value: String
    }

    let heading: String
    let intro: String?
    let action: String
    let button: String
    let buttonClass: String
    let fields: [FormField]
    var hiddenFields: [HiddenField] = []
    let csrfToken: String
    let error: ErrorMessage?
    var backPath = Route.profile.path
    var backLabel = "Back to My Profile"

    static func editProfile(
        name: String, nickname: String, mobileNumber: String, csrfToken: String, error: ErrorMessage? = nil
    ) -> ProfileFormViewState {
        let problems = error?.fieldErrors ?? [:]
        return ProfileFormViewState(
            heading: "Edit Profile", intro: nil, action: Route.submitEditProfile.path, button: "Save",
            buttonClass: "button-dark",
            fields: [
                FormField(
                    id: "profile-name", name: "name", label: "Full Name", autocomplete: "name", value: name,
                    problem: problems["name"]),
                FormField(
                    id: "profile-nickname", name: "nickname", label: "What should we call you?",
                    autocomplete: "nickname", value: nickname, problem: problems["nickname"]),
                FormField(
                    id: "profile-mobile", name: "mobileNumber", label: "Mobile Number", type: "tel",
                    autocomplete: "tel", inputmode: "tel", value: mobileNumber, problem: problems["mobileNumber"]),
            ],
            csrfToken: csrfToken, error: error)
    }

    static func changePassword(csrfToken: String, error: ErrorMessage? = nil) -> ProfileFormViewState {
        let problems = error?.fieldErrors ?? [:]
        return ProfileFormViewState(
            heading: "Change Password", intro: "Every other device signed in to your account is signed out.",
            action: Route.submitChangePassword.path, button: "Change Password", buttonClass: "button-dark",
            fields: [
                FormField(
                    id: "current-password", name: "currentPassword", label: "Current Password", type: "password",
                    autocomplete: "current-password", problem: problems["currentPassword"]),
                .newPassword(problem: problems["newPassword"]),
            ],
            csrfToken: csrfToken, error: error)
    }

    static func deleteAccount(csrfToken: String, error: ErrorMessage? = nil) -> ProfileFormViewState {
        ProfileFormViewState(
            heading: "Delete Account",
            intro:
                "Your account, your rides and their receipts are removed for good, and a ride in progress is cancelled.",
            action: Route.submitDeleteAccount.path, button: "Delete Account", buttonClass: "button-red",
            fields: [
                FormField(
                    id: "delete-password", name: "password", label: "Password", type: "password",
                    autocomplete: "current-password", problem: error?.fieldErrors["password"])
            ],
            csrfToken: csrfToken, error: error)
    }
}

extension FormField {
    /// **New Password** (Change Password, the reset link's page), with the rule it must meet.
    static func newPassword(problem: String?) -> FormField {
        FormField(
            id: "new-password", name: FormFieldName.account(.newPassword).rawValue, label: "New Password",
            type: "password", autocomplete: "new-password",
            hint: "At least \(SignUpValidation.minimumPasswordLength) characters.", problem: problem)
    }
}
