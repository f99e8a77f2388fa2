import HTTPServer
import KooberKit
import NIOHTTP1

/// My Profile's changes to the account: Edit Profile, Change Password, Sign Out Everywhere and Delete Account. Each
/// form is shown, and its submission answered, by calling its own use case; a failure shows the form again with the
/// error and each field's problem (422, or 429 when the password checks are throttled), and changes nothing.
struct AccountScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let profile: UserProfile
    let useCaseFactory: any AccountUseCaseFactory
    let sessionCookie: SessionCookie
    let csrfProtection: CSRFProtection

    func showEditProfile() -> Response {
        templates.response(
            .profileForm,
            ProfileFormViewState.editProfile(
                name: profile.name, nickname: profile.nickname, mobileNumber: profile.mobileNumber,
                csrfToken: csrfToken, templates.words))
    }

    func editProfile(name: String, nickname: String, mobileNumber: String) async throws -> Response {
        do {
            _ = try await useCaseFactory.makeEditProfileUseCase(
                name: name, nickname: nickname, mobileNumber: mobileNumber
            ).run()
            return .redirect(to: Route.profile.path)
        } catch let error as EditProfileError {
            let state = ProfileFormViewState.editProfile(
                name: name, nickname: nickname, mobileNumber: mobileNumber, csrfToken: csrfToken,
                error: error.errorMessage(templates.words), templates.words)
            return templates.response(.profileForm, state, status: .unprocessableEntity)
        }
    }

    func showChangePassword() -> Response {
        templates.response(.profileForm, ProfileFormViewState.changePassword(csrfToken: csrfToken, templates.words))
    }

    /// On success this browser carries on with a new session; every other one is signed out.
    func changePassword(currentPassword: String, newPassword: String) async throws -> Response {
        do {
            let started = try await useCaseFactory.makeChangePasswordUseCase(
                currentPassword: currentPassword, newPassword: newPassword
            ).run()
            return sessionCookie.redirectSignedIn(started, csrfProtection: csrfProtection, to: Route.profile.path)
        } catch let error as ChangePasswordError {
            return templates.response(
                .profileForm,
                ProfileFormViewState.changePassword(
                    csrfToken: csrfToken, error: error.errorMessage(templates.words), templates.words),
                status: error == .throttled
                    ? .tooManyRequests : error == .accountLocked ? .forbidden : .unprocessableEntity)
        }
    }

    /// Every session of the rider ends, this one too: on to Welcome, signed out.
    func signOutEverywhere() async throws -> Response {
        try await useCaseFactory.makeSignOutEverywhereUseCase().run()
        return signedOut()
    }

    func showDeleteAccount() -> Response {
        templates.response(.profileForm, ProfileFormViewState.deleteAccount(csrfToken: csrfToken, templates.words))
    }

    func deleteAccount(password: String) async throws -> Response {
        do {
            try await useCaseFactory.makeDeleteAccountUseCase(password: password).run()
            return signedOut()
        } catch let error as DeleteAccountError {
            return templates.response(
                .profileForm,
                ProfileFormViewState.deleteAccount(
                    csrfToken: csrfToken, error: error.errorMessage(templates.words), templates.words),
                status: error == .throttled ? .tooManyRequests : .unprocessableEntity)
        }
    }

    /// Welcome, with the browser's session cookie and pre-session id forgotten (as Sign Out does).
    private func signedOut() -> Response {
        var response = Response.redirect(to: Route.welcome.path)
        response.setCookie(sessionCookie.clearing())
        response.setCookie(csrfProtection.retiringPreSession())
        return response
    }
}
