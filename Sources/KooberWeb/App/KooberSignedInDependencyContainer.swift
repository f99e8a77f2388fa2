import HTTPServer
import KooberKit

/// The scope of a signed-in rider, made per request from their session.
struct KooberSignedInDependencyContainer: SignOutUseCaseFactory, LoadUserProfileUseCaseFactory,
    LoadRideHistoryUseCaseFactory, AccountUseCaseFactory, EmailConfirmationUseCaseFactory, RideFeedbackUseCaseFactory,
    SavedPlacesUseCaseFactory,
    ScheduledRidesUseCaseFactory
{
    let appContainer: KooberAppDependencyContainer
    let userSession: UserSession
    /// The session's own token: the key its share links are derived with (`RideShareToken`).
    let sessionToken: SessionToken
    /// Where the request comes from (`ClientAddress`): the password forms are throttled per email and address.
    let clientAddress: String
    /// The pages' templates, in the rider's language.
    let templates: TemplateRenderer
    /// The rider's ride state as read with the session in this request, if it was (`SessionRead`): pick-me-up's page
    /// shows it rather than read it again.
    let rideStateReadWithSession: RideState?

    private var services: KooberServices { appContainer.services }

    /// `csrfToken`: the visitor's, for the page's forms.
    func makeProfileScreen(csrfToken: String) -> ProfileScreen {
        ProfileScreen(
            templates: templates, csrfToken: csrfToken, mapTiles: appContainer.mapTiles,
            loadUserProfileUseCaseFactory: self,
            loadRideHistoryUseCaseFactory: self, emailConfirmationUseCaseFactory: self, signOutUseCaseFactory: self,
            scheduledRidesUseCaseFactory: self,
            sessionCookie: appContainer.makeSessionCookie(), csrfProtection: appContainer.makeCSRFProtection()
        )
    }

    func makeLoadUpcomingRidesUseCase() -> LoadUpcomingRidesUseCase {
        LoadUpcomingRidesUseCase(userID: userSession.profile.id, scheduledRides: services.scheduledRideRepository)
    }

    func makeCancelScheduledRideUseCase(id: ScheduledRideID) -> CancelScheduledRideUseCase {
        CancelScheduledRideUseCase(
            userID: userSession.profile.id, id: id, scheduledRides: services.scheduledRideRepository)
    }

    /// A ride's receipt, Rate Your Ride and Report a Problem.
    func makeRideFeedbackScreen(csrfToken: String) -> RideFeedbackScreen {
        RideFeedbackScreen(
            templates: templates, csrfToken: csrfToken, mapTiles: appContainer.mapTiles,
            useCaseFactory: self, now: services.now)
    }

    func makeRateRideUseCase(rideID: RideID) -> RateRideUseCase {
        RateRideUseCase(feedbackTarget(rideID))
    }

    func makeReportProblemUseCase(rideID: RideID) -> ReportProblemUseCase {
        ReportProblemUseCase(feedbackTarget(rideID))
    }

    private func feedbackTarget(_ rideID: RideID) -> FeedbackTarget {
        FeedbackTarget(
            userID: userSession.profile.id, rideID: rideID, now: services.now(),
            rideRepository: services.rideRepository,
            feedbackRepository: services.rideFeedbackRepository)
    }

    func makeAccountScreen(csrfToken: String) -> AccountScreen {
        AccountScreen(
            templates: templates, csrfToken: csrfToken, profile: userSession.profile, useCaseFactory: self,
            sessionCookie: appContainer.makeSessionCookie(), csrfProtection: appContainer.makeCSRFProtection()
        )
    }

    func makeEditProfileUseCase(name: String, nickname: String, mobileNumber: String) -> EditProfileUseCase {
        EditProfileUseCase(
            userID: userSession.profile.id, name: name, nickname: nickname, mobileNumber: mobileNumber,
            userRepository: services.userRepository)
    }

    func makeChangePasswordUseCase(currentPassword: String, newPassword: String) -> ChangePasswordUseCase {
        ChangePasswordUseCase(
            profile: userSession.profile, currentPassword: currentPassword, newPassword: newPassword,
            clientAddress: clientAddress, now: services.now(), userRepository: services.userRepository,
            sessionRepository: services.sessionRepository, passwordThrottle: appContainer.passwordThrottle,
            sessionPolicy: services.sessionPolicy, signal: appContainer.sessionEnds)
    }

    func makeSignOutEverywhereUseCase() -> SignOutEverywhereUseCase {
        SignOutEverywhereUseCase(
            userID: userSession.profile.id, sessionRepository: services.sessionRepository,
            signal: appContainer.sessionEnds)
    }

    func makeDeleteAccountUseCase(password: String) -> DeleteAccountUseCase {
        DeleteAccountUseCase(
            profile: userSession.profile, password: password, clientAddress: clientAddress, now: services.now(),
            userRepository: services.userRepository, sessionRepository: services.sessionRepository,
            rideRepository: services.rideRepository, passwordThrottle: appContainer.passwordThrottle,
            rideSignal: appContainer.rideDispatcher, sessionSignal: appContainer.sessionEnds)
    }

    /// The pick-me-up scope, which starts from where the rider is now.
    func makePickMeUpContainer() async throws -> KooberPickMeUpDependencyContainer {
        makePickMeUpContainer(at: try await GetUsersCurrentLocationUseCase(locator: services.locator).run())
    }

    /// The pick-me-up scope at a pick-up the rider names (Koober Cloud's app sends its own).
    func makePickMeUpContainer(at pickupLocation: Location) -> KooberPickMeUpDependencyContainer {
        KooberPickMeUpDependencyContainer(signedInContainer: self, pickupLocation: pickupLocation)
    }

    /// The rider's stream of their ride (`GET /ride/events`, and Koober Cloud's, which answers refusals as JSON).
    func rideEvents(errors: any ErrorAnswers, lastEventID: String?) async throws -> Response {
        try await RideEventsResponder(
            watcher: .rider(session: userSession.tokenHash), errors: errors, words: errors.words,
            feed: appContainer.rideFeed, now: services.now
        )
        .respond(
            record: try await makeLoadLiveRideUseCase().run(), lastEventID: lastEventID,
            current: { try await services.rideRepository.ride(id: $0) })
    }

    /// The ride the rider follows, brought up to the clock (the streams, and Koober Cloud's current ride).
    func makeLoadLiveRideUseCase() -> LoadLiveRideUseCase {
        LoadLiveRideUseCase(
            userID: userSession.profile.id, now: services.now(), rideRepository: services.rideRepository)
    }

    /// Koober Cloud's rider: `GET /api/v1/me`, `GET /api/v1/rides`, `DELETE /api/v1/session`.
    func makeCloudAccountResponder(links: CloudLinks) -> CloudAccountResponder {
        CloudAccountResponder(
            words: templates.words, loadUserProfileUseCaseFactory: self, loadRideHistoryUseCaseFactory: self,
            signOutUseCaseFactory: self,
            emailConfirmationUseCaseFactory: self, links: links, now: services.now,
            confirmationWindow: services.accountLinkPolicy.window)
    }

    func makeSignOutUseCase() -> SignOutUseCase {
        SignOutUseCase(
            tokenHash: userSession.tokenHash, sessionRepository: services.sessionRepository,
            signal: appContainer.sessionEnds)
    }

    func makeLoadUserProfileUseCase() -> LoadUserProfileUseCase {
        LoadUserProfileUseCase(userID: userSession.profile.id, userRepository: services.userRepository)
    }

    func makeLoadEmailConfirmationUseCase() -> LoadEmailConfirmationUseCase {
        LoadEmailConfirmationUseCase(userID: userSession.profile.id, linkRepository: services.accountLinks)
    }

    func makeSendEmailConfirmationUseCase() -> SendEmailConfirmationUseCase {
        SendEmailConfirmationUseCase(
            userID: userSession.profile.id, now: services.now(), linkRepository: services.accountLinks,
            quota: services.requestQuota, policy: services.accountLinkPolicy)
    }

    func makeLoadRideHistoryUseCase(before: RideHistoryCursor?, pageSize: Int) -> LoadRideHistoryUseCase {
        LoadRideHistoryUseCase(
            userID: userSession.profile.id, before: before, pageSize: pageSize, rideRepository: services.rideRepository)
    }

    func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase {
        LoadRideReceiptUseCase(
            userID: userSession.profile.id, rideID: rideID, rideRepository: services.rideRepository,
            feedbackRepository: services.rideFeedbackRepository)
    }

    /// Saved Places and Save.
    func makeSavedPlacesScreen(csrfToken: String) -> SavedPlacesScreen {
        SavedPlacesScreen(templates: templates, csrfToken: csrfToken, useCaseFactory: self)
    }

    func makeLoadSavedPlacesUseCase() -> LoadSavedPlacesUseCase {
        LoadSavedPlacesUseCase(userID: userSession.profile.id, savedPlaceRepository: services.savedPlaceRepository)
    }

    func makeLoadPlaceUseCase(placeID: PlaceID) -> LoadPlaceUseCase {
        LoadPlaceUseCase(placeID: placeID, placeRepository: services.placeRepository)
    }

    func makeSavePlaceUseCase(label: String, placeID: PlaceID?) -> SavePlaceUseCase {
        SavePlaceUseCase(
            userID: userSession.profile.id, label: label, placeID: placeID,
            savedPlaceRepository: services.savedPlaceRepository)
    }

    func makeRenameSavedPlaceUseCase(label: String, newLabel: String) -> RenameSavedPlaceUseCase {
        RenameSavedPlaceUseCase(
            userID: userSession.profile.id, label: label, newLabel: newLabel,
            savedPlaceRepository: services.savedPlaceRepository)
    }

    func makeRemoveSavedPlaceUseCase(label: String) -> RemoveSavedPlaceUseCase {
        RemoveSavedPlaceUseCase(
            userID: userSession.profile.id, label: label, savedPlaceRepository: services.savedPlaceRepository)
    }
}
