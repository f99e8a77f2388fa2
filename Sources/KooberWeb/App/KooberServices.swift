import Foundation
import KooberKit
import Timekeeping

/// What the app needs from the world outside the web layer: storage, password hashing, time, and the
/// settings that shape sessions. The composition root (`koober`, or a test) chooses the implementations.
public struct KooberServices: Sendable {
    public var userRepository: any UserRepository
    public var sessionRepository: any UserSessionRepository
    public var signInFailureRepository: any SignInFailureRepository
    public var placeRepository: any PlaceRepository
    public var rideRepository: any RideRepository
    /// Ratings, tips and problem reports (`RideFeedbackRepository`).
    public var rideFeedbackRepository: any RideFeedbackRepository
    /// A session with its rider's ride state in one read (pick-me-up's page).
    public var sessionRideStates: any SessionRideStateRepository
    public var fleetRepository: any FleetRepository
    /// Mailed links (reset a password, confirm an email) and whether a rider's email is confirmed.
    public var accountLinks: any AccountLinkRepository
    /// The messages waiting to be sent, queued by the repositories in the transactions that cause them.
    public var outbox: any MailOutbox
    /// Reset links per email and address, confirmation messages per rider.
    public var requestQuota: any RequestQuota
    /// Share links, one per ride, by their token's hash.
    public var rideShareRepository: any RideShareRepository
    /// Each rider's saved places and recent drop-offs.
    public var savedPlaceRepository: any SavedPlaceRepository
    /// Rides booked for later (SPEC.md, "Scheduled rides").
    public var scheduledRideRepository: any ScheduledRideRepository
    /// Koober Ops' dashboard (`ShowDashboardUseCase`).
    public var dashboardRepository: any DashboardRepository
    /// Koober Ops' staff, their enrolment links and their sessions.
    public var staffRepository: any StaffRepository
    /// Seals and opens staff members' authenticator secrets with the staff key (`--staff-key-file`); `nil` when no key
    /// was given (PostgreSQL without one), and then Koober Ops answers that it is not set up.
    public var staffSecretSealer: StaffSecretSealer?
    /// How long a Koober Ops session lives.
    public var staffSessionPolicy = StaffSessionPolicy()
    /// How long an enrolment link lives, and the password it asks for.
    public var staffEnrolmentPolicy = StaffEnrolmentPolicy()
    /// Koober Ops' audit log, read side (each act writes its row in its own transaction).
    public var auditLogRepository: any AuditLogRepository
    /// Riders as Koober Ops finds, looks at, locks and unlocks them, each act with its audit row.
    public var riderAccountRepository: any RiderAccountRepository
    /// Koober Ops' fleet: the animals' standings, out of service and back.
    public var fleetServiceRepository: any FleetServiceRepository
    /// Rides as Koober Ops looks at, cancels and refunds them.
    public var opsRideRepository: any OpsRideRepository
    /// Riders' reports as Koober Ops lists, answers and resolves them, each act with its audit row.
    public var reportRepository: any ReportRepository
    /// How long mailed links live and how often a rider may ask for one.
    public var accountLinkPolicy = AccountLinkPolicy()
    public var locator: any Locator
    public var passwordHasher: any PasswordHasher
    /// Signs form tokens; loaded from storage at start-up (`LoadCSRFKeyUseCase`), so processes sharing the
    /// database, and restarts, agree on it.
    public var csrfKey: CSRFKey
    /// Whether storage answers, for `/healthz`.
    public var healthCheck: @Sendable () async -> Bool
    /// The app's one source of time: the time of day for use cases and stores, and the waits of its services (the
    /// dispatcher's). A test's is a `TestClock`.
    public var clock: any AppClock
    public var secureCookies: Bool
    /// Whether the client's address is the last `X-Forwarded-For` hop rather than the socket's peer (`ClientAddress`).
    public var trustProxy: Bool
    /// A browser's session (`web`).
    public var sessionPolicy: SessionPolicy
    /// A Koober Cloud token (`api`).
    public var apiSessionPolicy = SessionPolicy.api
    /// `--ride-clock-rate`: how many times faster than real time rides run.
    public var rideClockRate: Double
    /// How many ride streams may be open.
    public var rideStreamPolicy = RideStreamPolicy()
    /// Sign-ups per client address: in this process's memory (SQLite), or shared by every process (PostgreSQL).
    public var signUpThrottle: any SignUpThrottling
    /// What other processes sharing the store change (PostgreSQL); nothing tells it with a store of one process.
    public var storeChanges: SharedStoreChanges
    /// How mail leaves (`MailSender`): the relay or the mail folder, the sender's address, the links' address.
    public var mail: MailSettings
    public var throttlePolicy: SignInThrottlePolicy

    /// The app on `stores`, every store-specific service of one store's wiring (`StoreServices`): none has a default
    /// here, so none can be left to one that fits another store.
    public init(
        stores: StoreServices,
        mail: MailSettings,
        locator: any Locator = SydneyLocator(),
        passwordHasher: any PasswordHasher,
        csrfKey: CSRFKey,
        healthCheck: @escaping @Sendable () async -> Bool,
        clock: any AppClock = SystemClock(),
        secureCookies: Bool = false,
        trustProxy: Bool = false,
        sessionPolicy: SessionPolicy = SessionPolicy(),
        throttlePolicy: SignInThrottlePolicy = SignInThrottlePolicy(),
        rideClockRate: Double = 1,
        staffSecretSealer: StaffSecretSealer? = nil
    ) {
        self.userRepository = stores.users
        self.sessionRepository = stores.sessions
        self.signInFailureRepository = stores.signInFailures
        self.placeRepository = stores.places
        self.rideRepository = stores.rides
        self.rideFeedbackRepository = stores.rideFeedback
        self.fleetRepository = stores.fleet
        self.accountLinks = stores.accountLinks
        self.outbox = stores.outbox
        self.requestQuota = stores.requestQuota
        self.rideShareRepository = stores.rideShares
        self.savedPlaceRepository = stores.savedPlaces
        self.scheduledRideRepository = stores.scheduledRides
        self.dashboardRepository = stores.dashboards
        self.sessionRideStates = stores.sessionRideStates
        self.signUpThrottle = stores.signUpThrottle
        self.staffRepository = stores.staff
        self.staffSecretSealer = staffSecretSealer
        self.auditLogRepository = stores.auditLog
        self.riderAccountRepository = stores.riderAccounts
        self.fleetServiceRepository = stores.fleetService
        self.opsRideRepository = stores.opsRides
        self.reportRepository = stores.reports
        self.storeChanges = stores.changes
        self.mail = mail
        self.locator = locator
        self.passwordHasher = passwordHasher
        self.csrfKey = csrfKey
        self.healthCheck = healthCheck
        self.clock = clock
        self.secureCookies = secureCookies
        self.trustProxy = trustProxy
        self.sessionPolicy = sessionPolicy
        self.throttlePolicy = throttlePolicy
        self.rideClockRate = rideClockRate
    }

    /// The time now, as the closure use cases take.
    public var now: @Sendable () -> Date { clock.nowFunction }
}
