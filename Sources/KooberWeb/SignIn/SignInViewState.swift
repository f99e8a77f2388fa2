import KooberKit

/// The Sign In page: the email kept after a failure, the password never.
struct SignInViewState: Sendable, Encodable {
    let csrfToken: String
    let action = Route.submitSignIn.path
    let backPath = Route.welcome.path
    let forgotPasswordPath = Route.forgotPassword.path
    let error: ErrorMessage?
    let fields: [FormField]

    init(csrfToken: String, email: String = "", error: ErrorMessage? = nil, _ words: Words) {
        self.csrfToken = csrfToken
        self.error = error
        let problems = error?.fieldErrors ?? [:]
        fields = [
            FormField(
                id: "signin-email", name: "email", label: words("forms.email"), type: "email", autocomplete: "email",
                inputmode: "email", value: email, problem: problems["email"]
            ),
            FormField(
                id: "signin-password", name: "password", label: words("forms.password"), type: "password",
                autocomplete: "current-password", problem: problems["password"]
            ),
        ]
    }
}
