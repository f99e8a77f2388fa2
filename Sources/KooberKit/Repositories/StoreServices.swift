/// Everything that depends on which store Koober's state lives in, wired once per kind of store: KooberApp's
/// `KooberDatabase.storeServices(now:)` for SQLite and PostgreSQL (what `koober` runs and the repository contracts
/// test), the test doubles' `StoreServices.inMemory()` for memory. The app (`KooberServices`) takes the whole bundle,
/// so no store-specific service has a default to forget.
public struct StoreServices: Sendable {
    public var users: any UserRepository
    public var sessions: any UserSessionRepository
    public var signInFailures: any SignInFailureRepository
    public var places: any PlaceRepository
    public var rides: any RideRepository
    /// Ratings, tips and problem reports, with each animal's running total of stars.
    public var rideFeedback: any RideFeedbackRepository
    public var fleet: any FleetRepository
    public var csrfKeys: any CSRFKeyRepository
    /// Mailed links and whether emails are confirmed.
    public var accountLinks: any AccountLinkRepository
    /// The messages waiting to be sent, queued by the repositories in the transactions that cause them.
    public var outbox: any MailOutbox
    /// Reset links per email and address, confirmation messages per rider: in this process's memory (SQLite), in the
    /// store (PostgreSQL).
    public var requestQuota: any RequestQuota
    /// Share links, one per ride, by their token's hash.
    public var rideShares: any RideShareRepository
    /// Each rider's saved places (Home, Work, their own labels) and recent drop-offs.
    public var savedPlaces: any SavedPlaceRepository
    /// A session with its rider's ride state in one read (pick-me-up's page).
    public var sessionRideStates: any SessionRideStateRepository
    /// Rides booked for later, and their starts (with the rides they start as, in one transaction).
    public var scheduledRides: any ScheduledRideRepository
    /// Koober Ops' dashboard, read in one snapshot.
    public var dashboards: any DashboardRepository
    /// Sign-ups per client address: in this process's memory where one process serves the store (SQLite), in the
    /// store where several share it (PostgreSQL).
    public var signUpThrottle: any SignUpThrottling
    /// Koober Ops' staff, their enrolment links and their sessions.
    public var staff: any StaffRepository
    /// Koober Ops' audit log, read side (the acts write it in their own transactions).
    public var auditLog: any AuditLogRepository
    /// Riders as Koober Ops finds, looks at, locks and unlocks them, each act with its audit row.
    public var riderAccounts: any RiderAccountRepository
    /// Koober Ops' fleet: every animal's standing, out of service and back, each act with its audit row.
    public var fleetService: any FleetServiceRepository
    /// Rides as Koober Ops looks at, cancels and refunds them, each act with its audit row.
    public var opsRides: any OpsRideRepository
    /// Riders' reports as Koober Ops lists, answers and resolves them, each act with its audit row.
    public var reports: any ReportRepository
    /// What other processes sharing the store change (PostgreSQL's notifications); nothing tells it with a store of
    /// one process.
    public var changes: SharedStoreChanges

    public init(
        users: any UserRepository,
        sessions: any UserSessionRepository,
        signInFailures: any SignInFailureRepository,
        places: any PlaceRepository,
        rides: any RideRepository,
        rideFeedback: any RideFeedbackRepository,
        fleet: any FleetRepository,
        csrfKeys: any CSRFKeyRepository,
        accountLinks: any AccountLinkRepository,
        outbox: any MailOutbox,
        requestQuota: any RequestQuota,
        rideShares: any RideShareRepository,
        savedPlaces: any SavedPlaceRepository,
        sessionRideStates: any SessionRideStateRepository,
        scheduledRides: any ScheduledRideRepository,
        dashboards: any DashboardRepository,
        signUpThrottle: any SignUpThrottling,
        staff: any StaffRepository,
        auditLog: any AuditLogRepository,
        riderAccounts: any RiderAccountRepository,
        fleetService: any FleetServiceRepository,
        opsRides: any OpsRideRepository,
        reports: any ReportRepository,
        changes: SharedStoreChanges
    ) {
        self.users = users
        self.sessions = sessions
        self.signInFailures = signInFailures
        self.places = places
        self.rides = rides
        self.rideFeedback = rideFeedback
        self.fleet = fleet
        self.csrfKeys = csrfKeys
        self.accountLinks = accountLinks
        self.outbox = outbox
        self.requestQuota = requestQuota
        self.rideShares = rideShares
        self.savedPlaces = savedPlaces
        self.sessionRideStates = sessionRideStates
        self.scheduledRides = scheduledRides
        self.dashboards = dashboards
        self.signUpThrottle = signUpThrottle
        self.staff = staff
        self.auditLog = auditLog
        self.riderAccounts = riderAccounts
        self.fleetService = fleetService
        self.opsRides = opsRides
        self.reports = reports
        self.changes = changes
    }
}
