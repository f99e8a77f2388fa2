import KooberKit

/// The Sign Up page: everything typed is kept after a failure except the password, each error beside its field.
struct SignUpViewState: Sendable, Encodable {
    let csrfToken: String
    let action = Route.submitSignUp.path
    let backPath = Route.welcome.path
    let error: ErrorMessage?
    let fields: [FormField]

    init(csrfToken: String, account: NewAccount? = nil, error: ErrorMessage? = nil, _ words: Words) {
        self.csrfToken = csrfToken
        self.error = error
        let problems = error?.fieldErrors ?? [:]
        fields = [
            FormField(
                id: "signup-name", name: "name", label: words("forms.fullName"), autocomplete: "name",
                value: account?.name ?? "", problem: problems["name"]
            ),
            FormField(
                id: "signup-nickname", name: "nickname", label: words("forms.whatShouldWeCallYou"),
                autocomplete: "nickname", value: account?.nickname ?? "", problem: problems["nickname"]
            ),
            FormField(
                id: "signup-email", name: "email", label: words("forms.email"), type: "email", autocomplete: "email",
                inputmode: "email", value: account?.email ?? "", problem: problems["email"]
            ),
            FormField(
                id: "signup-mobile", name: "mobileNumber", label: words("forms.mobileNumber"), type: "tel",
                autocomplete: "tel",
                inputmode: "tel", value: account?.mobileNumber ?? "", problem: problems["mobileNumber"]
            ),
            FormField(
                id: "signup-password", name: "password", label: words("forms.password"), type: "password",
                autocomplete: "new-password",
                hint: words.counting("forms.atLeastCharacters", SignUpValidation.minimumPasswordLength),
                problem: problems["password"]
            ),
        ]
    }
}
