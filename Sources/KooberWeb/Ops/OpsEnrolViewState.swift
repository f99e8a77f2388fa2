import KooberKit
import QRCode

/// The enrolment link's page (SPEC.md, "Koober Ops"): the member's authenticator secret as a QR code drawn here and as
/// base32 text, and the form that chooses a **Password** and confirms one **Authenticator code**. The secret travels
/// back in the form: whoever holds the link chooses the secret anyway, and it is stored only once a code of it
/// confirms it (sealed, `StaffSecretSealer`).
struct OpsEnrolViewState: Sendable, Encodable {
    let csrfToken: String
    let action = OpsRoute.submitEnrol.path
    let token: String
    let name: String
    let email: String
    let roleName: String
    /// The secret, as the hidden field carries it back.
    let secret: String
    /// The secret in groups of four, as a person types it.
    let secretGroups: String
    /// The QR code of the `otpauth://` URI: an `<svg>` element made here, never from the visitor's text.
    let qrCode: String
    let error: ErrorMessage?
    let fields: [FormField]

    init(
        csrfToken: String, token: StaffEnrolmentToken, member: StaffMember, secret: TOTPSecret,
        minimumPasswordLength: Int, error: ErrorMessage? = nil
    ) {
        self.csrfToken = csrfToken
        self.token = token.value
        name = member.name
        email = member.email
        roleName = member.role.rawValue
        self.secret = secret.base32
        var groups: [String] = []
        var text = Substring(secret.base32)
        while !text.isEmpty {
            groups.append(String(text.prefix(4)))
            text = text.dropFirst(4)
        }
        secretGroups = groups.joined(separator: " ")
        let uri = secret.authenticatorURI(account: member.email)
        // 160 bits and an email of at most 254 bytes fit a version-20 code at level M: an error here is a bug.
        qrCode =
            (try? QRCodeSVG(pixels: 232, label: "QR code for your authenticator app").render(QRCode(text: uri)))
            ?? ""
        self.error = error
        let problems = error?.fieldErrors ?? [:]
        fields = [
            FormField(
                id: "ops-new-password", name: "password", label: "Password", type: "password",
                autocomplete: "new-password", hint: "\(minimumPasswordLength) or more characters.",
                problem: problems["password"]),
            FormField(
                id: "ops-code", name: FormFieldName.authenticatorCode.rawValue, label: "Authenticator code",
                autocomplete: "one-time-code", inputmode: "numeric", hint: "The six digits your app shows now.",
                problem: problems[FormFieldName.authenticatorCode.rawValue]),
        ]
    }
}
