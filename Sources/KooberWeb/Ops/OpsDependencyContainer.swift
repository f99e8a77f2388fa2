import HTTPServer
import KooberKit

/// The scope of one Koober Ops request: what its screens need, made from the app's services. It holds the staff key's
/// sealer, so it is made only when Koober Ops is set up (`KooberServices.staffSecretSealer`).
struct OpsDependencyContainer {
    let appContainer: KooberAppDependencyContainer
    let sealer: StaffSecretSealer
    let clientAddress: String
    let csrfToken: String

    private var services: KooberServices { appContainer.services }
    private var templates: TemplateRenderer { appContainer.templates }

    func makeErrorPages() -> ErrorPages {
        appContainer.makeOpsErrorPages()
    }

    func makeSignInScreen() -> OpsSignInScreen {
        let (services, sealer, clientAddress) = (services, sealer, clientAddress)
        let throttle = appContainer.passwordThrottle
        return OpsSignInScreen(
            templates: templates, csrfToken: csrfToken,
            makeSignIn: { email, password, code in
                StaffSignInUseCase(
                    email: email, password: password, code: code, clientAddress: clientAddress, now: services.now(),
                    repository: services.staffRepository, passwordThrottle: throttle, sealer: sealer)
            },
            cookie: appContainer.makeStaffSessionCookie(), csrfProtection: appContainer.makeCSRFProtection())
    }

    func makeEnrolScreen() -> OpsEnrolScreen {
        let (services, sealer) = (services, sealer)
        return OpsEnrolScreen(
            templates: templates, errorPages: makeErrorPages(), csrfToken: csrfToken,
            repository: services.staffRepository, policy: services.staffEnrolmentPolicy, now: services.now,
            makeEnrol: { token, password, secret, code in
                EnrolStaffMemberUseCase(
                    token: token, password: password, secret: secret, code: code, now: services.now(),
                    repository: services.staffRepository, passwordHasher: services.passwordHasher, sealer: sealer,
                    policy: services.staffEnrolmentPolicy)
            })
    }

    func makeRidersScreen(_ staff: AuthorizedStaff, navigation: OpsNavigation) -> OpsRidersScreen {
        OpsRidersScreen(
            templates: templates, errorPages: makeErrorPages(), services: services, staff: staff,
            navigation: navigation, csrfToken: csrfToken, rideSignal: appContainer.rideDispatcher,
            sessionSignal: appContainer.sessionEnds)
    }

    func makeFleetScreen(_ staff: AuthorizedStaff, navigation: OpsNavigation) -> OpsFleetScreen {
        OpsFleetScreen(
            templates: templates, errorPages: makeErrorPages(), services: services, staff: staff,
            navigation: navigation, csrfToken: csrfToken, mapTiles: appContainer.mapTiles, feed: appContainer.rideFeed,
            rideSignal: appContainer.rideDispatcher)
    }

    func makeRidesScreen(_ staff: AuthorizedStaff, navigation: OpsNavigation) -> OpsRidesScreen {
        OpsRidesScreen(
            templates: templates, errorPages: makeErrorPages(), services: services, staff: staff,
            navigation: navigation, csrfToken: csrfToken, rideSignal: appContainer.rideDispatcher)
    }

    func makeReportsScreen(_ staff: AuthorizedStaff, navigation: OpsNavigation) -> OpsReportsScreen {
        OpsReportsScreen(
            templates: templates, errorPages: makeErrorPages(), services: services, staff: staff,
            navigation: navigation, csrfToken: csrfToken)
    }

    func makeAuditLogScreen() -> OpsAuditLogScreen {
        OpsAuditLogScreen(templates: templates, repository: services.auditLogRepository)
    }

    func makeStaffScreen() -> OpsStaffScreen {
        OpsStaffScreen(templates: templates, repository: services.staffRepository)
    }

    func makeDashboardScreen() -> OpsDashboardScreen {
        let services = services
        return OpsDashboardScreen(
            templates: templates,
            makeShowDashboard: {
                ShowDashboardUseCase(now: services.now(), dashboards: services.dashboardRepository)
            })
    }

    /// Sign Out: the session ends, the cookie is cleared, and on to Sign In.
    func signOut(_ staff: AuthorizedStaff) async throws -> Response {
        try await services.staffRepository.deleteSession(tokenHash: staff.token.hash)
        appContainer.rideFeed.fleet.sessionEnded(staff.session.tokenHash)
        var response = Response.redirect(to: OpsRoute.signIn.path)
        response.setCookie(appContainer.makeStaffSessionCookie().clearing())
        return response
    }
}
