import KooberKit

/// The scope of a signed-in rider, made per request from their session.
struct KooberSignedInDependencyContainer: SignOutUseCaseFactory, LoadUserProfileUseCaseFactory,
    LoadRideHistoryUseCaseFactory
{
    let appContainer: KooberAppDependencyContainer
    let userSession: UserSession
    let csrfToken: String

    private var services: KooberServices { appContainer.services }

    func makeProfileScreen() -> ProfileScreen {
        ProfileScreen(
            templates: appContainer.templates, csrfToken: csrfToken, mapTiles: appContainer.mapTiles,
            loadUserProfileUseCaseFactory: self,
            loadRideHistoryUseCaseFactory: self, signOutUseCaseFactory: self,
            sessionCookie: appContainer.makeSessionCookie(), csrfProtection: appContainer.makeCSRFProtection()
        )
    }

    /// The pick-me-up scope, which starts from where the rider is now.
    func makePickMeUpContainer() async throws -> KooberPickMeUpDependencyContainer {
        let pickupLocation = try await GetUsersCurrentLocationUseCase(locator: services.locator).run()
        return KooberPickMeUpDependencyContainer(signedInContainer: self, pickupLocation: pickupLocation)
    }

    /// The rider's stream of their ride (`GET /ride/events`).
    func makeRideEventsResponder() -> RideEventsResponder {
        RideEventsResponder(
            session: userSession.tokenHash,
            loadLiveRideUseCase: LoadLiveRideUseCase(
                userID: userSession.profile.id, now: services.now(), rideRepository: services.rideRepository),
            feed: appContainer.rideFeed, now: services.now
        )
    }

    func makeSignOutUseCase() -> SignOutUseCase {
        SignOutUseCase(tokenHash: userSession.tokenHash, sessionRepository: services.sessionRepository)
    }

    func makeLoadUserProfileUseCase() -> LoadUserProfileUseCase {
        LoadUserProfileUseCase(userID: userSession.profile.id, userRepository: services.userRepository)
    }

    func makeLoadRideHistoryUseCase(before: RideHistoryCursor?, pageSize: Int) -> LoadRideHistoryUseCase {
        LoadRideHistoryUseCase(
            userID: userSession.profile.id, before: before, pageSize: pageSize, rideRepository: services.rideRepository)
    }

    func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase {
        LoadRideReceiptUseCase(userID: userSession.profile.id, rideID: rideID, rideRepository: services.rideRepository)
    }
}
