import Foundation
import HTTPServer
import KooberKit
import NIOHTTP1

/// The enrolment link's page and its form (SPEC.md, "Koober Ops"): a password and an authenticator, once, while the
/// link is valid.
struct OpsEnrolScreen {
    let templates: TemplateRenderer
    let errorPages: ErrorPages
    let csrfToken: String
    let repository: any StaffRepository
    let policy: StaffEnrolmentPolicy
    let now: @Sendable () -> Date
    let makeEnrol:
        @Sendable (_ token: StaffEnrolmentToken, _ password: String, _ secret: TOTPSecret, _ code: String) ->
            EnrolStaffMemberUseCase

    static let linkNotValidMessage = ErrorMessage(
        title: "Link No Longer Valid",
        message: "This enrolment link was used, has expired or was replaced. Ask an admin for a new one.")
    static let wrongCodeMessage = ErrorMessage(
        title: "Code Not Accepted",
        message: "That is not the code your app shows now. Check that the app has this key, and type its newest code.",
        fieldErrors: [FormFieldName.authenticatorCode.rawValue: "Type the six digits your app shows now."])

    /// The page with a fresh secret, or the page of a link no longer valid.
    func show(token text: String) async throws -> Response {
        guard let token = StaffEnrolmentToken(wellFormed: text),
            let member = try await repository.enrolment(tokenHash: token.hash, at: now())
        else { return linkNotValid() }
        return page(token: token, member: member, secret: .generate())
    }

    /// Enrols, then on to Sign In; a refusal shows the page again with the same secret, and what was wrong.
    func enrol(token text: String, secret secretText: String, password: String, code: String) async throws
        -> Response
    {
        guard let token = StaffEnrolmentToken(wellFormed: text),
            let member = try await repository.enrolment(tokenHash: token.hash, at: now())
        else { return linkNotValid() }
        // A secret that is not one this page could have shown: a fresh one, as if the page were loaded again.
        guard let secret = TOTPSecret(base32: secretText) else {
            return page(token: token, member: member, secret: .generate(), status: .unprocessableEntity)
        }
        do {
            _ = try await makeEnrol(token, password, secret, code).run()
            return templates.response(.opsEnrolled, OpsEnrolledViewState())
        } catch let error as EnrolStaffMemberError {
            switch error {
            case .linkNotValid:
                return linkNotValid()
            case .wrongCode:
                return page(
                    token: token, member: member, secret: secret, error: Self.wrongCodeMessage,
                    status: .unprocessableEntity)
            case .password(let problem):
                let words = problem.text(for: .newPassword, templates.words)
                let message = ErrorMessage(
                    title: "Check Your Password", message: words, fieldErrors: ["password": words])
                return page(
                    token: token, member: member, secret: secret, error: message, status: .unprocessableEntity)
            }
        }
    }

    private func page(
        token: StaffEnrolmentToken, member: StaffMember, secret: TOTPSecret, error: ErrorMessage? = nil,
        status: HTTPResponseStatus = .ok
    ) -> Response {
        let state = OpsEnrolViewState(
            csrfToken: csrfToken, token: token, member: member, secret: secret,
            minimumPasswordLength: policy.minimumPasswordLength, error: error)
        return templates.response(.opsEnrol, state, status: status)
    }

    private func linkNotValid() -> Response {
        errorPages.response(.notFound, message: Self.linkNotValidMessage)
    }
}

/// The page after enrolment: on to Sign In.
struct OpsEnrolledViewState: Sendable, Encodable {
    let signInPath = OpsRoute.signIn.path
}
