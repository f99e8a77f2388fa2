import HTTPServer
import KooberKit
import KooberMap
import Logging

/// Lives as long as the process: templates, public files, services and logger; it makes the containers
/// of each request's scope.
public final class KooberAppDependencyContainer: Sendable {
    public let templates: TemplateRenderer
    public let staticFiles: StaticFiles
    public let services: KooberServices
    public let logger: Logger
    /// A hash no password matches, verified when a sign-in names an unknown email (equal timing).
    let standInHash: String
    /// One for the process, so simultaneous sign-ins for one email take turns at the throttle.
    let signInAttemptGate = SignInAttemptGate()
    /// One for the process: sign-ups per client address.
    /// One for the process: the riders' open streams.
    public let rideFeed: RideFeed
    /// Who hears that sessions ended: the feed, which ends their streams (and their share links' watchers').
    var sessionEnds: any SessionEndSignal { rideFeed }
    /// Who hears that share links ended: the feed, which ends their watchers' streams.
    var shareEnds: any RideShareEndSignal { rideFeed }
    /// One for the process: `koober` runs it as a service; tests may call `runOnce()`.
    public let rideDispatcher: RideDispatcher
    /// One for the process: the free animals pick-me-up shows, read at most once a second.
    let recentFreeAnimals: RecentFreeAnimals
    /// Sends what the outbox holds, as a service of `koober`'s (`MailSender`).
    public let mailSender: MailSender
    /// Sydney's base map, drawn tile by tile as browsers ask and kept (`MapTiles.sydney`, one per process).
    public let mapTiles: MapTiles

    /// Builds the app from templates and public files already loaded (so a broken file stops start-up before
    /// any storage is touched) and the services the composition root chose.
    public init(templates: TemplateRenderer, staticFiles: StaticFiles, services: KooberServices, logger: Logger)
        async throws
    {
        self.templates = templates
        self.staticFiles = staticFiles
        self.services = services
        self.logger = logger
        self.standInHash = services.passwordHasher.standInHash()
        mapTiles = try MapTiles.sydney.get()
        rideFeed = RideFeed(policy: services.rideStreamPolicy)
        recentFreeAnimals = RecentFreeAnimals(fleet: services.fleetRepository, now: services.now)
        rideDispatcher = RideDispatcher(
            rideRepository: services.rideRepository, fleetRepository: services.fleetRepository,
            scheduledRides: services.scheduledRideRepository, feed: rideFeed, clock: services.clock, logger: logger
        )
        mailSender = MailSender(
            outbox: services.outbox,
            composer: MailComposer(
                templates: templates, settings: services.mail, rideRepository: services.rideRepository,
                feedbackRepository: services.rideFeedbackRepository,
                scheduledRides: services.scheduledRideRepository),
            transport: services.mail.transport, clock: services.clock, logger: logger)
        // Other processes' changes: their rides reach this process's streams at once, and a session they end ends
        // its streams here too.
        let (dispatcher, feed, sessions) = (rideDispatcher, rideFeed, services.sessionRepository)
        let shares = services.rideShareRepository
        services.storeChanges.onRidesChanged { dispatcher.ridesChanged() }
        services.storeChanges.onSessionsEnded { userID in
            Task { await feed.endEndedSessions(of: userID, sessions: sessions, shares: shares, logger: logger) }
        }
    }

    /// Sign In's password check, for the profile's password forms.
    var passwordThrottle: PasswordThrottle {
        PasswordThrottle(
            failureRepository: services.signInFailureRepository, passwordHasher: services.passwordHasher,
            standInHash: standInHash, policy: services.throttlePolicy, attemptGate: signInAttemptGate)
    }

    /// A shared ride's page and stream, for anyone with its link.
    func makeSharedRideScreen(templates: TemplateRenderer) -> SharedRideScreen {
        SharedRideScreen(
            templates: templates, mapTiles: mapTiles, feed: rideFeed, now: services.now,
            makeLoadSharedRideUseCase: { [services] token in
                LoadSharedRideUseCase(
                    token: token, now: services.now(), rideRepository: services.rideRepository,
                    shareRepository: services.rideShareRepository)
            })
    }

    public func makeErrorPages() -> ErrorPages {
        ErrorPages(templates: templates)
    }

    func makeSessionCookie() -> SessionCookie {
        SessionCookie(secure: services.secureCookies, policy: services.sessionPolicy)
    }

    /// Koober Ops' error pages (its own look and navigation back to /ops).
    func makeOpsErrorPages() -> ErrorPages {
        ErrorPages.ops(templates: templates)
    }

    /// Koober Ops' session cookie, `koober_ops`.
    func makeStaffSessionCookie() -> StaffSessionCookie {
        StaffSessionCookie(secure: services.secureCookies, policy: services.staffSessionPolicy)
    }

    func makeCSRFProtection() -> CSRFProtection {
        CSRFProtection(key: services.csrfKey, secure: services.secureCookies)
    }

    /// The scope of a visitor who is not signed in; what they sign in to is a browser's session unless the policy
    /// says otherwise (Koober Cloud's token).
    /// `templates`: the pages', in the visitor's language (a new account keeps it).
    func makeOnboardingContainer(
        clientAddress: String, templates: TemplateRenderer, sessionPolicy: SessionPolicy? = nil
    ) -> KooberOnboardingDependencyContainer {
        KooberOnboardingDependencyContainer(
            appContainer: self, clientAddress: clientAddress,
            sessionPolicy: sessionPolicy ?? services.sessionPolicy, templates: templates)
    }

    /// The scope of a signed-in rider: it cannot be made without their session.
    /// `rideStateReadWithSession`: the rider's ride state, when it was read with the session (`SessionRead`).
    /// `sessionToken`: the session's own token (the cookie's, or Koober Cloud's bearer token).
    /// `templates`: the pages', in the rider's language.
    func makeSignedInContainer(
        userSession: UserSession, sessionToken: SessionToken, clientAddress: String, templates: TemplateRenderer,
        rideStateReadWithSession: RideState? = nil
    ) -> KooberSignedInDependencyContainer {
        KooberSignedInDependencyContainer(
            appContainer: self, userSession: userSession, sessionToken: sessionToken, clientAddress: clientAddress,
            templates: templates, rideStateReadWithSession: rideStateReadWithSession)
    }

    /// The Language form's cookie, `koober_lang`.
    func makeLanguageCookie() -> LanguageCookie {
        LanguageCookie(secure: services.secureCookies)
    }

    /// Resolves a browser's session, or, with `policy` (`services.apiSessionPolicy`), a Koober Cloud token.
    func makeResolveUserSessionUseCase(token: SessionToken, policy: SessionPolicy? = nil) -> ResolveUserSessionUseCase {
        ResolveUserSessionUseCase(
            token: token, now: services.now(), sessionRepository: services.sessionRepository,
            policy: policy ?? services.sessionPolicy
        )
    }

    /// The whole app as one responder: public files first, then Koober's routes.
    public func makeAppResponder() -> any Responder {
        KooberAppResponder(container: self).with(StaticFileMiddleware(files: staticFiles))
            .with(MapTileMiddleware(tiles: mapTiles))
    }

    /// Server settings whose refusals (400, 413, 431) are answered with Koober's error pages, and whose logs never
    /// hold a share link's token (`Route.loggedPath`).
    public func makeServerConfiguration(host: String, port: Int) -> HTTPServerConfiguration {
        let errorPages = makeErrorPages()
        var configuration = HTTPServerConfiguration(host: host, port: port, errorResponse: { errorPages.response($0) })
        configuration.loggedPath = Route.loggedPath
        return configuration
    }
}
