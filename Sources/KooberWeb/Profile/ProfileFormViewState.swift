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
    let backLabel: String

    static func editProfile(
        name: String, nickname: String, mobileNumber: String, csrfToken: String, error: ErrorMessage? = nil,
        _ words: Words
    ) -> ProfileFormViewState {
        let problems = error?.fieldErrors ?? [:]
        return ProfileFormViewState(
            heading: words("forms.editProfile"), intro: nil, action: Route.submitEditProfile.path,
            button: words("forms.save"),
            buttonClass: "button-dark",
            fields: [
                FormField(
                    id: "profile-name", name: "name", label: words("forms.fullName"), autocomplete: "name", value: name,
                    problem: problems["name"]),
                FormField(
                    id: "profile-nickname", name: "nickname", label: words("forms.whatShouldWeCallYou"),
                    autocomplete: "nickname", value: nickname, problem: problems["nickname"]),
                FormField(
                    id: "profile-mobile", name: "mobileNumber", label: words("forms.mobileNumber"), type: "tel",
                    autocomplete: "tel", inputmode: "tel", value: mobileNumber, problem: problems["mobileNumber"]),
            ],
            csrfToken: csrfToken, error: error, backLabel: words("forms.backToMyProfile"))
    }

    static func changePassword(csrfToken: String, error: ErrorMessage? = nil, _ words: Words)
        -> ProfileFormViewState
    {
        let problems = error?.fieldErrors ?? [:]
        return ProfileFormViewState(
            heading: words("forms.changePassword"), intro: words("forms.everyOtherDeviceSignedIn"),
            action: Route.submitChangePassword.path, button: words("forms.changePassword"), buttonClass: "button-dark",
            fields: [
                FormField(
                    id: "current-password", name: "currentPassword", label: words("forms.currentPassword"),
                    type: "password",
                    autocomplete: "current-password", problem: problems["currentPassword"]),
                .newPassword(problem: problems["newPassword"], words),
            ],
            csrfToken: csrfToken, error: error, backLabel: words("forms.backToMyProfile"))
    }

    static func deleteAccount(csrfToken: String, error: ErrorMessage? = nil, _ words: Words)
        -> ProfileFormViewState
    {
        ProfileFormViewState(
            heading: words("forms.deleteAccount"),
            intro:
                words("forms.yourAccountYourRidesAnd"),
            action: Route.submitDeleteAccount.path, button: words("forms.deleteAccount"), buttonClass: "button-red",
            fields: [
                FormField(
                    id: "delete-password", name: "password", label: words("forms.password"), type: "password",
                    autocomplete: "current-password", problem: error?.fieldErrors["password"])
            ],
            csrfToken: csrfToken, error: error, backLabel: words("forms.backToMyProfile"))
    }
}

extension FormField {
    /// **New Password** (Change Password, the reset link's page), with the rule it must meet.
    static func newPassword(problem: String?, _ words: Words) -> FormField {
        FormField(
            id: "new-password", name: FormFieldName.account(.newPassword).rawValue, label: words("forms.newPassword"),
            type: "password", autocomplete: "new-password",
            hint: words.counting("forms.atLeastCharacters", SignUpValidation.minimumPasswordLength), problem: problem)
    }
}
