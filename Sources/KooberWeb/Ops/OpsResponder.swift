import HTTPServer
import KooberKit
import NIOHTTP1

/// Koober Ops' front door (SPEC.md, "Koober Ops — `/ops`"): every request under /ops, its 404s and 405s too. It matches
/// the route, lets `OpsGate` decide who may reach it before anything is read or changed, verifies every form's token,
/// and dispatches exhaustively; whatever it answers, no browser or proxy keeps a copy and no search engine lists it.
struct OpsResponder: Sendable {
    let container: KooberAppDependencyContainer

    static let notAllowedMessage = ErrorMessage(
        title: "Not Allowed", message: "Your role in Koober Ops does not allow this. Nothing was changed.")
    static let notSetUpMessage = ErrorMessage(
        title: "Koober Ops Is Not Set Up",
        message: "Koober Ops needs the staff key: start koober with --staff-key-file (or KOOBER_STAFF_KEY_FILE).")

    func respond(to request: Request) async -> Response {
        var response = await answer(request)
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        response.headers.replaceOrAdd(name: "X-Robots-Tag", value: "noindex")
        return response
    }

    private func answer(_ request: Request) async -> Response {
        let errors = container.makeOpsErrorPages()
        switch OpsRoute.match(method: request.method, path: request.path) {
        case .notFound:
            var response = errors.response(.notFound)
            response.route = "ops_not_found"
            return response
        case .methodNotAllowed(let allowed):
            var response = errors.response(.methodNotAllowed)
            response.headers.replaceOrAdd(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
            response.route = "ops_method_not_allowed"
            return response
        case .route(let route, let capture):
            var response = await UnexpectedErrorResponder(errorPages: errors, logger: container.logger)
                .respond(to: request) {
                    guard let sealer = container.services.staffSecretSealer else {
                        return errors.response(.serviceUnavailable, message: Self.notSetUpMessage)
                    }
                    return try await respond(to: route, capture: capture, request: request, sealer: sealer)
                }
            response.route = "ops_" + route.rawValue
            if route.carriesLinkToken {
                response.headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
            }
            return response
        }
    }

    private func respond(to route: OpsRoute, capture: PathValue?, request: Request, sealer: StaffSecretSealer)
        async throws -> Response
    {
        let services = container.services
        let cookie = container.makeStaffSessionCookie()
        let token = cookie.token(in: request)
        let session: StaffSession? =
            if let token {
                try await services.staffRepository.session(
                    tokenHash: token.hash, at: services.now(), policy: services.staffSessionPolicy)
            } else { nil }
        let csrfProtection = container.makeCSRFProtection()
        let (binding, newCSRFCookie): (CSRFBinding, SetCookie?) =
            if session != nil, let token {
                (.staffSession(token), nil)
            } else {
                csrfProtection.binding(session: nil, request: request)
            }
        let scope = OpsDependencyContainer(
            appContainer: container, sealer: sealer,
            clientAddress: ClientAddress.of(request, trustProxy: services.trustProxy),
            csrfToken: csrfProtection.token(for: binding))
        var response: Response
        let gate = OpsGate.admit(route.access, session: session, token: token)
        switch gate {
        case .signIn:
            response = .redirect(to: OpsRoute.signIn.path)
            // A cookie whose session ended (idle, too old, signed out, member removed) is forgotten.
            if token != nil { response.setCookie(cookie.clearing()) }
        case .notAllowed:
            response = scope.makeErrorPages().response(.forbidden, message: Self.notAllowedMessage)
        case .open, .admitted:
            do {
                let routeRequest = try OpsRouteRequest(route, capture: capture, request)
                switch (gate, routeRequest) {
                case (.admitted(let staff), .signedIn(let staffRequest)):
                    response = try await respond(
                        to: staffRequest, request: request, binding: binding, scope: scope, staff: staff)
                case (_, .open(let openRequest)):
                    response = try await respond(
                        to: openRequest, request: request, binding: binding, scope: scope, session: session)
                default:
                    // `OpsGate` admits to a route behind Sign In exactly when its access is not `.anyone`, and
                    // `OpsRouteRequest` reads such a route as `.signedIn` (`OpsRouteRequestTests` checks both).
                    response = scope.makeErrorPages().response(.notFound)
                }
            } catch {
                response = scope.makeErrorPages().response(.badRequest)
            }
        }
        if let newCSRFCookie { response.setCookie(newCSRFCookie) }
        return response
    }

    /// Sign In and the enrolment link, for anyone; a member signed in already goes on from Sign In to the dashboard.
    private func respond(
        to openRequest: OpsOpenRequest, request: Request, binding: CSRFBinding, scope: OpsDependencyContainer,
        session: StaffSession?
    ) async throws -> Response {
        switch openRequest {
        case .signIn:
            if session != nil { return .redirect(to: OpsRoute.dashboard.path) }
            return scope.makeSignInScreen().show()
        case .enrol(let token):
            return try await scope.makeEnrolScreen().show(token: token)
        case .submit(let action, let token):
            guard let form = verify(action, token: token, request: request, binding: binding) else {
                return scope.makeErrorPages().response(.forbidden)
            }
            switch form.action {
            case .signIn(let email, let password, let code):
                return try await scope.makeSignInScreen().signIn(email: email, password: password, code: code)
            case .enrol(let token, let secret, let password, let code):
                return try await scope.makeEnrolScreen().enrol(
                    token: token, secret: secret, password: password, code: code)
            }
        }
    }

    /// The pages and forms behind Sign In: reached only with an `AuthorizedStaff`, which `OpsGate` made for this route.
    private func respond(
        to staffRequest: OpsStaffRequest, request: Request, binding: CSRFBinding, scope: OpsDependencyContainer,
        staff: AuthorizedStaff
    ) async throws -> Response {
        let navigation = OpsNavigation(staff: staff, current: staffRequest.route, csrfToken: scope.csrfToken)
        switch staffRequest {
        case .dashboard:
            return try await scope.makeDashboardScreen().show(navigation: navigation)
        case .staff:
            return try await scope.makeStaffScreen().show(navigation: navigation)
        case .riders(let query):
            return try await scope.makeRidersScreen(staff, navigation: navigation).find(query: query)
        case .rider(let userID):
            return try await scope.makeRidersScreen(staff, navigation: navigation).show(userID)
        case .auditLog(let member, let target, let before):
            return try await scope.makeAuditLogScreen().show(
                navigation: navigation, staff: member, target: target, before: before)
        case .fleet:
            return try await scope.makeFleetScreen(staff, navigation: navigation).show()
        case .fleetEvents:
            return try await scope.makeFleetScreen(staff, navigation: navigation).events()
        case .rides(let query):
            return try await scope.makeRidesScreen(staff, navigation: navigation).find(query: query)
        case .ride(let rideID):
            return try await scope.makeRidesScreen(staff, navigation: navigation).show(rideID)
        case .reports(let after):
            return try await scope.makeReportsScreen(staff, navigation: navigation).list(after: after)
        case .report(let rideID):
            return try await scope.makeReportsScreen(staff, navigation: navigation).show(rideID)
        case .submit(let action, let token):
            guard let form = verify(action, token: token, request: request, binding: binding) else {
                return scope.makeErrorPages().response(.forbidden)
            }
            switch form.action {
            case .signOut:
                return try await scope.signOut(staff)
            case .lockRider(let userID, let reason):
                return try await scope.makeRidersScreen(staff, navigation: navigation).lock(userID, reason: reason)
            case .unlockRider(let userID):
                return try await scope.makeRidersScreen(staff, navigation: navigation).unlock(userID)
            case .takeOutOfService(let animalID):
                return try await scope.makeFleetScreen(staff, navigation: navigation).change(
                    animalID, .takeOutOfService)
            case .returnToService(let animalID):
                return try await scope.makeFleetScreen(staff, navigation: navigation).change(
                    animalID, .returnToService)
            case .cancelRide(let rideID, let reason):
                return try await scope.makeRidesScreen(staff, navigation: navigation).cancel(rideID, reason: reason)
            case .refundRide(let rideID, let amount, let reason):
                return try await scope.makeRidesScreen(staff, navigation: navigation).refund(
                    rideID, amount: amount, reason: reason)
            case .replyToReport(let rideID, let text):
                return try await scope.makeReportsScreen(staff, navigation: navigation).reply(rideID, text: text)
            case .resolveReport(let rideID):
                return try await scope.makeReportsScreen(staff, navigation: navigation).resolve(rideID)
            }
        }
    }

    private func verify<Action: Sendable>(
        _ action: Action, token: String?, request: Request, binding: CSRFBinding
    ) -> Verified<Action>? {
        let form = container.makeCSRFProtection().verify(action, token: token, request: request, binding: binding)
        if form == nil {
            container.logger.notice(
                "Refused a Koober Ops form post without a valid token", metadata: ["request_id": "\(request.id)"])
        }
        return form
    }
}
