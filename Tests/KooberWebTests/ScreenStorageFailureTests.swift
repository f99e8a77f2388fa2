import Foundation
import HTMLReading
import HTTPServer
import KooberKit
import KooberKitTestDoubles
import KooberMap
import Logging
import TestKit
import Testing

@testable import KooberWeb

/// Every screen driven through its use-case factory protocol by a fake factory, with no database: its use cases find
/// storage broken (`FailingUserRepository` and the others), a state the real app reaches only when the disk fails.
/// Each page and each form post answers with Koober's 500 page through `UnexpectedErrorResponder`, never with a
/// rider-facing error such as "Sign In Failed", and shows nothing of the failure.
@Suite struct ScreenStorageFailureTests {
    /// Every intent of every screen.
    enum Action: String, CaseIterable, Sendable {
        case signIn, signUp, showPickMeUp, confirmRide, scheduleRide, cancelScheduledRide, startNewRide, cancelRide,
            shareRide, stopSharing, showReceipt, rateRide, showReport, reportProblem, showDropoffPicker, selectDropoff,
            rideAgain, showSavedPlaces, showSavePlace,
            savePlace, renameSavedPlace, removeSavedPlace,
            showProfile, signOut, editProfile, changePassword, signOutEverywhere, deleteAccount, sendEmailConfirmation,
            requestPasswordReset, showResetPassword, resetPassword, confirmEmail
    }

    /// The use cases of every screen, all on broken storage.
    struct BrokenStorageFactory: SignInUseCaseFactory, SignUpUseCaseFactory, PickMeUpUseCaseFactory,
        DropoffPickerUseCaseFactory, LoadUserProfileUseCaseFactory, LoadRideHistoryUseCaseFactory,
        SignOutUseCaseFactory, AccountUseCaseFactory, EmailConfirmationUseCaseFactory, AccountLinkUseCaseFactory,
        SavedPlacesUseCaseFactory, ScheduledRidesUseCaseFactory, RideFeedbackUseCaseFactory
    {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let rider = UserID(1)
        let pickup = Location(latitude: -33.864308, longitude: 151.209146)
        let hasher = FakePasswordHasher()

        func makeSignInUseCase(email: String, password: String) -> SignInUseCase {
            SignInUseCase(
                email: email, password: password, clientAddress: "192.0.2.1", now: now,
                userRepository: FailingUserRepository(), sessionRepository: FailingUserSessionRepository(),
                passwordThrottle: passwordThrottle, sessionPolicy: SessionPolicy()
            )
        }

        func makeSignUpUseCase(account: NewAccount) -> SignUpUseCase {
            SignUpUseCase(
                account: account, clientAddress: "192.0.2.1", now: now, userRepository: FailingUserRepository(),
                sessionRepository: FailingUserSessionRepository(), passwordHasher: hasher,
                sessionPolicy: SessionPolicy(), signUpThrottle: SignUpThrottle()
            )
        }

        func makeLoadRideStateUseCase() -> LoadRideStateUseCase {
            LoadRideStateUseCase(userID: rider, now: now, rideRepository: FailingRideRepository())
        }

        func makeRequestRideUseCase(rideOptionID: String?) -> RequestRideUseCase {
            RequestRideUseCase(
                userID: rider, rideOptionID: rideOptionID, pickupLocation: pickup, now: now,
                rideRepository: FailingRideRepository(), signal: RideChangeSignalSpy()
            )
        }

        func makeBookScheduledRideUseCase(rideOptionID: String?, date: String, time: String)
            -> BookScheduledRideUseCase
        {
            BookScheduledRideUseCase(
                userID: rider, rideOptionID: rideOptionID, pickupLocation: pickup, date: date, time: time, now: now,
                rideRepository: FailingRideRepository(), scheduledRides: FailingScheduledRideRepository(),
                signal: RideChangeSignalSpy())
        }

        func makeLoadUpcomingRidesUseCase() -> LoadUpcomingRidesUseCase {
            LoadUpcomingRidesUseCase(userID: rider, scheduledRides: FailingScheduledRideRepository())
        }

        func makeCancelScheduledRideUseCase(id: ScheduledRideID) -> CancelScheduledRideUseCase {
            CancelScheduledRideUseCase(userID: rider, id: id, scheduledRides: FailingScheduledRideRepository())
        }

        func makeLoadFleetAvailabilityUseCase() -> LoadFleetAvailabilityUseCase {
            LoadFleetAvailabilityUseCase(pickupLocation: pickup, fleetRepository: FailingRideRepository())
        }

        func makeCancelRideUseCase() -> CancelRideUseCase {
            CancelRideUseCase(
                userID: rider, now: now, rideRepository: FailingRideRepository(), signal: RideChangeSignalSpy())
        }

        func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase {
            LoadRideReceiptUseCase(
                userID: rider, rideID: rideID, rideRepository: FailingRideRepository(),
                feedbackRepository: FailingRideRepository())
        }

        func makeRateRideUseCase(rideID: RideID) -> RateRideUseCase {
            RateRideUseCase(feedbackTarget(rideID))
        }

        func makeReportProblemUseCase(rideID: RideID) -> ReportProblemUseCase {
            ReportProblemUseCase(feedbackTarget(rideID))
        }

        private func feedbackTarget(_ rideID: RideID) -> FeedbackTarget {
            FeedbackTarget(
                userID: rider, rideID: rideID, now: now, rideRepository: FailingRideRepository(),
                feedbackRepository: FailingRideRepository())
        }

        func makeShareRideUseCase() -> ShareRideUseCase {
            ShareRideUseCase(
                userID: rider, sessionToken: SessionToken.generate(), now: now, rideRepository: FailingRideRepository(),
                shareRepository: FailingRideShareRepository(), signal: SessionEndSignalSpy())
        }

        func makeStopSharingRideUseCase() -> StopSharingRideUseCase {
            StopSharingRideUseCase(
                userID: rider, shareRepository: FailingRideShareRepository(), signal: SessionEndSignalSpy())
        }

        func makeLoadRideShareUseCase(rideID: RideID) -> LoadRideShareUseCase {
            LoadRideShareUseCase(
                rideID: rideID, sessionToken: SessionToken.generate(), shareRepository: FailingRideShareRepository())
        }

        func makeStartNewRideRequestUseCase() -> StartNewRideRequestUseCase {
            StartNewRideRequestUseCase(userID: rider, rideRepository: FailingRideRepository())
        }

        func makeSearchDropoffLocationsUseCase(query: String) -> SearchDropoffLocationsUseCase {
            SearchDropoffLocationsUseCase(
                query: query, pickupLocation: pickup, placeRepository: FailingPlaceRepository())
        }

        func makeLoadDropoffChoicesUseCase(query: String) -> LoadDropoffChoicesUseCase {
            LoadDropoffChoicesUseCase(
                search: makeSearchDropoffLocationsUseCase(query: query), savedPlaces: makeLoadSavedPlacesUseCase())
        }

        func makeLoadSavedPlacesUseCase() -> LoadSavedPlacesUseCase {
            LoadSavedPlacesUseCase(userID: rider, savedPlaceRepository: FailingSavedPlaceRepository())
        }

        func makeLoadPlaceUseCase(placeID: PlaceID) -> LoadPlaceUseCase {
            LoadPlaceUseCase(placeID: placeID, placeRepository: FailingPlaceRepository())
        }

        func makeSavePlaceUseCase(label: String, placeID: PlaceID?) -> SavePlaceUseCase {
            SavePlaceUseCase(
                userID: rider, label: label, placeID: placeID, savedPlaceRepository: FailingSavedPlaceRepository())
        }

        func makeRenameSavedPlaceUseCase(label: String, newLabel: String) -> RenameSavedPlaceUseCase {
            RenameSavedPlaceUseCase(
                userID: rider, label: label, newLabel: newLabel, savedPlaceRepository: FailingSavedPlaceRepository())
        }

        func makeRemoveSavedPlaceUseCase(label: String) -> RemoveSavedPlaceUseCase {
            RemoveSavedPlaceUseCase(userID: rider, label: label, savedPlaceRepository: FailingSavedPlaceRepository())
        }

        func makeSelectDropoffLocationUseCase(placeID: PlaceID) -> SelectDropoffLocationUseCase {
            SelectDropoffLocationUseCase(
                userID: rider, placeID: placeID, now: now, rideRepository: FailingRideRepository())
        }

        func makeLoadUserProfileUseCase() -> LoadUserProfileUseCase {
            LoadUserProfileUseCase(userID: rider, userRepository: FailingUserRepository())
        }

        func makeLoadRideHistoryUseCase(before: RideHistoryCursor?, pageSize: Int) -> LoadRideHistoryUseCase {
            LoadRideHistoryUseCase(
                userID: rider, before: before, pageSize: pageSize, rideRepository: FailingRideRepository())
        }

        func makeSignOutUseCase() -> SignOutUseCase {
            SignOutUseCase(
                tokenHash: SessionToken.generate().hash, sessionRepository: FailingUserSessionRepository(),
                signal: SessionEndSignalSpy())
        }

        func makeLoadEmailConfirmationUseCase() -> LoadEmailConfirmationUseCase {
            LoadEmailConfirmationUseCase(userID: rider, linkRepository: FailingAccountLinkRepository())
        }

        func makeSendEmailConfirmationUseCase() -> SendEmailConfirmationUseCase {
            SendEmailConfirmationUseCase(
                userID: rider, now: now, linkRepository: FailingAccountLinkRepository(), quota: InMemoryRequestQuota(),
                policy: AccountLinkPolicy())
        }

        func makeRequestPasswordResetUseCase(email: String) -> RequestPasswordResetUseCase {
            RequestPasswordResetUseCase(
                email: email, clientAddress: "192.0.2.1", now: now, userRepository: FailingUserRepository(),
                linkRepository: FailingAccountLinkRepository(), quota: InMemoryRequestQuota(),
                policy: AccountLinkPolicy())
        }

        func makeResetPasswordUseCase(token: String, newPassword: String) -> ResetPasswordUseCase {
            ResetPasswordUseCase(
                token: token, newPassword: newPassword, now: now, linkRepository: FailingAccountLinkRepository(),
                sessionRepository: FailingUserSessionRepository(), passwordHasher: hasher,
                sessionPolicy: SessionPolicy(), signal: SessionEndSignalSpy())
        }

        func makeConfirmEmailUseCase(token: String) -> ConfirmEmailUseCase {
            ConfirmEmailUseCase(token: token, now: now, linkRepository: FailingAccountLinkRepository())
        }

        var profile: UserProfile {
            UserProfile(
                id: rider, name: "Johnny Appleseed", nickname: "Johnny", email: "johnny@gmail.com",
                mobileNumber: "0400 000 000")
        }

        var passwordThrottle: PasswordThrottle {
            PasswordThrottle(
                failureRepository: FailingSignInFailureRepository(), passwordHasher: hasher,
                standInHash: hasher.standInHash(), policy: SignInThrottlePolicy(), attemptGate: SignInAttemptGate())
        }

        func makeEditProfileUseCase(name: String, nickname: String, mobileNumber: String) -> EditProfileUseCase {
            EditProfileUseCase(
                userID: rider, name: name, nickname: nickname, mobileNumber: mobileNumber,
                userRepository: FailingUserRepository())
        }

        func makeChangePasswordUseCase(currentPassword: String, newPassword: String) -> ChangePasswordUseCase {
            ChangePasswordUseCase(
                profile: profile, currentPassword: currentPassword, newPassword: newPassword,
                clientAddress: "192.0.2.1", now: now, userRepository: FailingUserRepository(),
                sessionRepository: FailingUserSessionRepository(), passwordThrottle: passwordThrottle,
                sessionPolicy: SessionPolicy(), signal: SessionEndSignalSpy())
        }

        func makeSignOutEverywhereUseCase() -> SignOutEverywhereUseCase {
            SignOutEverywhereUseCase(
                userID: rider, sessionRepository: FailingUserSessionRepository(), signal: SessionEndSignalSpy())
        }

        func makeDeleteAccountUseCase(password: String) -> DeleteAccountUseCase {
            DeleteAccountUseCase(
                profile: profile, password: password, clientAddress: "192.0.2.1", now: now,
                userRepository: FailingUserRepository(), sessionRepository: FailingUserSessionRepository(),
                rideRepository: FailingRideRepository(), passwordThrottle: passwordThrottle,
                rideSignal: RideChangeSignalSpy(), sessionSignal: SessionEndSignalSpy())
        }
    }

    let templates: TemplateRenderer
    let mapTiles: MapTiles
    let factory = BrokenStorageFactory()
    let sessionCookie = SessionCookie(secure: false, policy: SessionPolicy())
    let csrfProtection = CSRFProtection(key: CSRFKey.generate(), secure: false)

    init() throws {
        templates = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "test")
        mapTiles = try MapTiles.sydney.get()
    }

    /// Runs `action` on its screen, as `KooberAppResponder` does: through `UnexpectedErrorResponder`.
    private func respond(to action: Action) async -> Response {
        let pickMeUp = PickMeUpScreen(
            templates: templates, csrfToken: "token", riderNickname: "Johnny", pickupLocation: factory.pickup,
            mapTiles: mapTiles, publicURL: "http://koober.test", useCaseFactory: factory, now: { factory.now }
        )
        let dropoffPicker = DropoffPickerScreen(
            templates: templates, csrfToken: "token", pickupLocation: factory.pickup, useCaseFactory: factory
        )
        let profile = ProfileScreen(
            templates: templates, csrfToken: "token", mapTiles: mapTiles, loadUserProfileUseCaseFactory: factory,
            loadRideHistoryUseCaseFactory: factory, emailConfirmationUseCaseFactory: factory,
            signOutUseCaseFactory: factory, scheduledRidesUseCaseFactory: factory, sessionCookie: sessionCookie,
            csrfProtection: csrfProtection
        )
        let feedback = RideFeedbackScreen(
            templates: templates, csrfToken: "token", mapTiles: mapTiles, useCaseFactory: factory, now: { factory.now })
        let savedPlaces = SavedPlacesScreen(templates: templates, csrfToken: "token", useCaseFactory: factory)
        let accountLinks = AccountLinkScreen(
            templates: templates, csrfToken: "token", useCaseFactory: factory, sessionCookie: sessionCookie,
            csrfProtection: csrfProtection)
        let token = SessionToken.generate().value
        let signIn = SignInScreen(
            templates: templates, csrfToken: "token", signInUseCaseFactory: factory, sessionCookie: sessionCookie,
            csrfProtection: csrfProtection
        )
        let signUp = SignUpScreen(
            templates: templates, csrfToken: "token", signUpUseCaseFactory: factory, sessionCookie: sessionCookie,
            csrfProtection: csrfProtection
        )
        let account = AccountScreen(
            templates: templates, csrfToken: "token", profile: factory.profile, useCaseFactory: factory,
            sessionCookie: sessionCookie, csrfProtection: csrfProtection)
        let responder = UnexpectedErrorResponder(
            errorPages: ErrorPages(templates: templates), logger: Logger(label: "koober.test")
        )
        return await responder.respond(to: Request(method: .POST, uri: "/\(action.rawValue)")) {
            switch action {
            case .signIn: try await signIn.signIn(email: "johnny@gmail.com", password: "password")
            case .signUp:
                try await signUp.signUp(
                    NewAccount(
                        name: "Joey", nickname: "Joey", email: "joey@koober.com", mobileNumber: "0400 000 000",
                        password: "long enough"
                    )
                )
            case .showPickMeUp: try await pickMeUp.show()
            case .confirmRide: try await pickMeUp.confirm(rideOptionID: "wallaroo")
            case .scheduleRide:
                try await pickMeUp.schedule(rideOptionID: "wallaroo", date: "2023-11-16", time: "09:30")
            case .cancelScheduledRide: try await profile.cancelScheduledRide(id: ScheduledRideID(1))
            case .startNewRide: try await pickMeUp.startNewRide()
            case .cancelRide: try await pickMeUp.cancel()
            case .shareRide: try await pickMeUp.share()
            case .stopSharing: try await pickMeUp.stopSharing()
            case .showReceipt: try await feedback.receipt(rideID: RideID(1))
            case .rateRide:
                try await feedback.rate(
                    rideID: RideID(1), form: RatingForm(stars: 5, compliments: [], tipChoice: "200", otherAmount: ""))
            case .showReport: try await feedback.showReport(rideID: RideID(1))
            case .reportProblem:
                try await feedback.report(rideID: RideID(1), category: "lost_item", text: "Lost my hat")
            case .showDropoffPicker: try await dropoffPicker.show(query: "opera")
            case .selectDropoff: try await dropoffPicker.select(dropoffLocationID: PlaceID(1))
            case .rideAgain: try await dropoffPicker.rideAgain(rideID: RideID(1))
            case .showSavedPlaces: try await savedPlaces.show()
            case .showSavePlace: try await savedPlaces.showNew(placeID: PlaceID(1))
            case .savePlace: try await savedPlaces.save(placeID: PlaceID(1), choice: "home", ownLabel: "")
            case .renameSavedPlace: try await savedPlaces.rename(label: "Home", newLabel: "Work")
            case .removeSavedPlace: try await savedPlaces.remove(label: "Home")
            case .showProfile: try await profile.show()
            case .signOut: try await profile.signOut()
            case .editProfile:
                try await account.editProfile(name: "Jon", nickname: "Jon", mobileNumber: "0400 000 000")
            case .changePassword:
                try await account.changePassword(currentPassword: "password", newPassword: "long enough")
            case .signOutEverywhere: try await account.signOutEverywhere()
            case .deleteAccount: try await account.deleteAccount(password: "password")
            case .sendEmailConfirmation: try await profile.sendEmailConfirmation()
            case .requestPasswordReset: try await accountLinks.requestPasswordReset(email: "johnny@gmail.com")
            case .showResetPassword: try await accountLinks.showResetPassword(token: token)
            case .resetPassword: try await accountLinks.resetPassword(token: token, newPassword: "long enough")
            case .confirmEmail: try await accountLinks.confirmEmail(token: token, signedIn: false)
            }
        }
    }

    @Test(arguments: Action.allCases)
    func brokenStorageAnswersWithTheServerErrorPage(action: Action) async throws {
        let response = await respond(to: action)

        #expect(response.status == .internalServerError)
        #expect(response.headers.first(name: "set-cookie") == nil, "nothing changes for the visitor")
        let page = try HTMLDocument(html: response.bodyText)
        let expected = ErrorPages.message(for: .internalServerError, try Words.project())
        #expect(try page.text(at: "//*[@class='error-title']") == expected.title)
        #expect(try page.text(at: "//*[@class='error-message']") == expected.message)
        #expect(try page.text(at: "//body")?.contains("StorageFailure") == false, "no internals")
    }
}
