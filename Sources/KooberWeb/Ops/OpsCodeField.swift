/// The **Authenticator code** field, alike on Sign In and at enrolment: six digits, typed or filled in by the app.
enum OpsCodeField {
    static var field: FormField {
        FormField(
            id: "ops-code", name: FormFieldName.authenticatorCode.rawValue, label: "Authenticator code", type: "text",
            autocomplete: "one-time-code", inputmode: "numeric")
    }
}
