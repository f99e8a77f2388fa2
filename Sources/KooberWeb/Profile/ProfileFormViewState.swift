import KooberKit

/// One of My Profile's forms (Edit Profile, Change Password, Delete Account): its heading, fields and button, the
/// error of a failed submit with each field's problem, and the way back. What was typed is kept, passwords never.
struct ProfileFormViewState: Sendable, Encodable {
    let heading: String
    let intro: String?
    let action: String
    let button: String
    let buttonClass: String
    let fields: [FormField]
    let csrfToken: String
    let error: ErrorMessage?
    let backPath = Route.profile.path

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
                FormField(
                    id: "new-password", name: "newPassword", label: "New Password", type: "password",
                    autocomplete: "new-password",
                    hint: "At least \(SignUpValidation.minimumPasswordLength) characters.",
                    problem: problems["newPassword"]),
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
