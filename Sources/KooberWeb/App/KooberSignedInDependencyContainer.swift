import KooberKit

/// The scope of a signed-in rider, made per request from their session.
struct KooberSignedInDependencyContainer: SignOutUseCaseFactory, LoadUserProfileUseCaseFactory {
    let appContainer: KooberAppDependencyContainer
    let userSession: UserSession
    let csrfToken: String

    func makeProfileScreen() -> ProfileScreen {
        ProfileScreen(
            templates: appContainer.templates, csrfToken: csrfToken, loadUserProfileUseCaseFactory: self,
            signOutUseCaseFactory: self, sessionCookie: appContainer.makeSessionCookie(),
            csrfProtection: appContainer.makeCSRFProtection()
        )
    }

    func makeRideScreen() -> RideScreen {
        RideScreen(templates: appContainer.templates, profile: userSession.profile)
    }

    func makeSignOutUseCase() -> SignOutUseCase {
        SignOutUseCase(tokenHash: userSession.tokenHash, sessionRepository: appContainer.services.sessionRepository)
    }

    func makeLoadUserProfileUseCase() -> LoadUserProfileUseCase {
        LoadUserProfileUseCase(userID: userSession.profile.id, userRepository: appContainer.services.userRepository)
    }
}
