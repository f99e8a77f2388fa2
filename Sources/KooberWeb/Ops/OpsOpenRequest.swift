import HTTPServer

/// A request for a Koober Ops route open to anyone (`OpsAccess.anyone`): Sign In and the enrolment link.
enum OpsOpenRequest: Equatable, Sendable {
    case signIn
    /// The enrolment link's token, empty when the address has none.
    case enrol(token: String)
    /// A form post, with the token it carries (for `CSRFProtection.verify`).
    case submit(Action, token: String?)

    /// What a form post of Sign In or the enrolment page asks, with its values read; reached only through
    /// `Verified<Action>`.
    enum Action: Equatable, Sendable {
        case signIn(email: String, password: String, code: String)
        /// The enrolment link's token and the secret shown on its page travel in the form (hidden fields).
        case enrol(token: String, secret: String, password: String, code: String)
    }

    static func submit(_ request: Request, _ action: (URLEncodedForm) -> Action) throws(FormDecodingError) -> Self {
        let form = try request.form()
        return .submit(action(form), token: form[.csrfToken])
    }
}
