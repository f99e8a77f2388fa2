import Foundation
import KooberKit

/// The scope of asking for a ride: it knows the pick-up location, so nothing in it can run without one.
struct KooberPickMeUpDependencyContainer: PickMeUpUseCaseFactory, DropoffPickerUseCaseFactory {
    let signedInContainer: KooberSignedInDependencyContainer
    let pickupLocation: Location

    private var services: KooberServices { signedInContainer.appContainer.services }
    private var userID: UserID { signedInContainer.userSession.profile.id }

    /// `csrfToken`: the visitor's, for the page's forms.
    func makePickMeUpScreen(csrfToken: String) -> PickMeUpScreen {
        PickMeUpScreen(
            templates: signedInContainer.templates, csrfToken: csrfToken,
            riderNickname: signedInContainer.userSession.profile.nickname, pickupLocation: pickupLocation,
            mapTiles: signedInContainer.appContainer.mapTiles, publicURL: services.mail.publicURL,
            useCaseFactory: self, now: services.now
        )
    }

    func makeDropoffPickerScreen(csrfToken: String) -> DropoffPickerScreen {
        DropoffPickerScreen(
            templates: signedInContainer.templates, csrfToken: csrfToken,
            pickupLocation: pickupLocation, useCaseFactory: self
        )
    }

    func makeLoadRideStateUseCase() -> LoadRideStateUseCase {
        LoadRideStateUseCase(
            userID: userID, now: services.now(), rideRepository: services.rideRepository,
            readWithSession: signedInContainer.rideStateReadWithSession)
    }

    func makeRequestRideUseCase(rideOptionID: String?) -> RequestRideUseCase {
        RequestRideUseCase(
            userID: userID, rideOptionID: rideOptionID, pickupLocation: pickupLocation, now: services.now(),
            clockRate: services.rideClockRate, rideRepository: services.rideRepository,
            signal: signedInContainer.appContainer.rideDispatcher
        )
    }

    func makeBookScheduledRideUseCase(rideOptionID: String?, date: String, time: String) -> BookScheduledRideUseCase {
        makeBookScheduledRideUseCase(rideOptionID: rideOptionID, dropoff: .chosen, date: date, time: time)
    }

    func makeBookScheduledRideUseCase(
        rideOptionID: String?, dropoff: RequestRideUseCase.Dropoff, date: String, time: String
    ) -> BookScheduledRideUseCase {
        BookScheduledRideUseCase(
            userID: userID, rideOptionID: rideOptionID, pickupLocation: pickupLocation, dropoff: dropoff, date: date,
            time: time, now: services.now(), clockRate: services.rideClockRate, rideRepository: services.rideRepository,
            scheduledRides: services.scheduledRideRepository, signal: signedInContainer.appContainer.rideDispatcher)
    }

    func makeRequestRideUseCase(rideOptionID: String, dropoffID: PlaceID, at location: Location) -> RequestRideUseCase {
        RequestRideUseCase(
            userID: userID, rideOptionID: rideOptionID, pickupLocation: pickupLocation,
            dropoff: .place(dropoffID, at: location, places: services.placeRepository), now: services.now(),
            clockRate: services.rideClockRate, rideRepository: services.rideRepository,
            signal: signedInContainer.appContainer.rideDispatcher
        )
    }

    func makeLoadLiveRideUseCase() -> LoadLiveRideUseCase {
        signedInContainer.makeLoadLiveRideUseCase()
    }

    /// Koober Cloud's rides, at this pick-up.
    func makeCloudRideResponder(links: CloudLinks) -> CloudRideResponder {
        CloudRideResponder(
            words: signedInContainer.templates.words, useCaseFactory: self, links: links, now: services.now)
    }

    func makeLoadFleetAvailabilityUseCase() -> LoadFleetAvailabilityUseCase {
        LoadFleetAvailabilityUseCase(
            pickupLocation: pickupLocation, fleetRepository: signedInContainer.appContainer.recentFreeAnimals)
    }

    func makeLoadRideReceiptUseCase(rideID: RideID) -> LoadRideReceiptUseCase {
        LoadRideReceiptUseCase(
            userID: userID, rideID: rideID, rideRepository: services.rideRepository,
            feedbackRepository: services.rideFeedbackRepository)
    }

    func makeCancelRideUseCase() -> CancelRideUseCase {
        CancelRideUseCase(
            userID: userID, now: services.now(), rideRepository: services.rideRepository,
            signal: signedInContainer.appContainer.rideDispatcher
        )
    }

    func makeShareRideUseCase() -> ShareRideUseCase {
        ShareRideUseCase(
            userID: userID, sessionToken: signedInContainer.sessionToken, now: services.now(),
            rideRepository: services.rideRepository, shareRepository: services.rideShareRepository,
            signal: signedInContainer.appContainer.shareEnds)
    }

    func makeStopSharingRideUseCase() -> StopSharingRideUseCase {
        StopSharingRideUseCase(
            userID: userID, shareRepository: services.rideShareRepository,
            signal: signedInContainer.appContainer.shareEnds)
    }

    func makeLoadRideShareUseCase(rideID: RideID) -> LoadRideShareUseCase {
        LoadRideShareUseCase(
            rideID: rideID, sessionToken: signedInContainer.sessionToken,
            shareRepository: services.rideShareRepository)
    }

    func makeStartNewRideRequestUseCase() -> StartNewRideRequestUseCase {
        StartNewRideRequestUseCase(userID: userID, rideRepository: services.rideRepository)
    }

    func makeSearchDropoffLocationsUseCase(query: String) -> SearchDropoffLocationsUseCase {
        SearchDropoffLocationsUseCase(
            query: query, pickupLocation: pickupLocation, placeRepository: services.placeRepository
        )
    }

    func makeLoadDropoffChoicesUseCase(query: String) -> LoadDropoffChoicesUseCase {
        LoadDropoffChoicesUseCase(
            search: makeSearchDropoffLocationsUseCase(query: query),
            savedPlaces: signedInContainer.makeLoadSavedPlacesUseCase())
    }

    func makeSelectDropoffLocationUseCase(placeID: PlaceID) -> SelectDropoffLocationUseCase {
        SelectDropoffLocationUseCase(
            userID: userID, placeID: placeID, now: services.now(), rideRepository: services.rideRepository
        )
    }
}
