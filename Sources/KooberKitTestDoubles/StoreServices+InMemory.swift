import KooberKit

extension StoreServices {
    /// The in-memory store's wiring, every service given explicitly: the doubles sharing one set of users, places
    /// (`places`, `SydneyPlaces` by default) and rides (which are the fleet too), the links and outbox on one mail state, the two reads one after the other
    /// for a session with its ride state, the sign-up throttle of one process, and the audit log that the riders'
    /// acts append to.
    public static func inMemory(places: [NamedLocation] = SydneyPlaces.all) -> StoreServices {
        let mail = InMemoryMailState()
        let users = InMemoryUserRepository(mail: mail)
        let placeRepository = InMemoryPlaceRepository(places: places)
        let shareLinks = InMemoryShareLinks()
        let sessions = InMemoryUserSessionRepository(users: users, shareLinks: shareLinks)
        let rides = InMemoryRideRepository(places: placeRepository, mail: mail)
        let links = InMemoryAccountLinks(mail: mail, users: users, sessions: sessions)
        let scheduledRides = InMemoryScheduledRideRepository(
            users: users, rides: rides, places: placeRepository, mail: mail)
        let auditLog = InMemoryAuditLog()
        return StoreServices(
            users: users,
            sessions: sessions,
            signInFailures: InMemorySignInFailureRepository(),
            places: placeRepository,
            rides: rides,
            rideFeedback: rides,
            fleet: rides,
            csrfKeys: InMemoryCSRFKeyRepository(),
            accountLinks: links,
            outbox: links,
            requestQuota: InMemoryRequestQuota(),
            rideShares: InMemoryRideShareRepository(
                links: shareLinks, users: users, sessions: sessions, rides: rides),
            savedPlaces: InMemorySavedPlaceRepository(places: placeRepository, users: users, rides: rides),
            sessionRideStates: SessionThenRideState(sessions: sessions, rides: rides),
            scheduledRides: scheduledRides,
            dashboards: InMemoryDashboardRepository(rides: rides, scheduledRides: scheduledRides),
            signUpThrottle: SignUpThrottle(),
            staff: InMemoryStaffRepository(),
            auditLog: auditLog,
            riderAccounts: InMemoryRiderAccountRepository(
                users: users, sessions: sessions, rides: rides, scheduledRides: scheduledRides, auditLog: auditLog),
            fleetService: InMemoryFleetServiceRepository(rides: rides, auditLog: auditLog),
            opsRides: InMemoryOpsRideRepository(users: users, rides: rides, auditLog: auditLog),
            reports: InMemoryReportRepository(rides: rides, users: users, auditLog: auditLog),
            changes: SharedStoreChanges()
        )
    }
}
