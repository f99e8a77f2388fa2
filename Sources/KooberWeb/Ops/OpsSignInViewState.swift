/// Koober Ops' Sign In page: the email kept after a failure, the password and the code never.
struct OpsSignInViewState: Sendable, Encodable {
    let csrfToken: String
    let action = OpsRoute.submitSignIn.path
    let error: ErrorMessage?
    let fields: [FormField]

    init(csrfToken: String, email: String = "", error: ErrorMessage? = nil) {
        self.csrfToken = csrfToken
        self.error = error
        fields = [
            FormField(
                id: "ops-email", name: "email", label: "Email", type: "email", autocomplete: "email",
                inputmode: "email", value: email),
            FormField(
                id: "ops-password", name: "password", label: "Password", type: "password",
                autocomplete: "current-password"),
            OpsCodeField.field,
        ]
    }
}
