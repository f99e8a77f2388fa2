import Foundation
import HTTPServer
import KooberKit

/// Koober Cloud's rider: who they are (`GET /api/v1/me`), their rides a page at a time (`GET /api/v1/rides`),
/// signing this token out (`DELETE /api/v1/session`) and sending the confirmation link again
/// (`POST /api/v1/me/email/confirmation`), through My Profile's use cases.
struct CloudAccountResponder {
    /// The words of the language the caller's `Accept-Language` asks for: the answers' messages are in it.
    let words: Words
    let loadUserProfileUseCaseFactory: any LoadUserProfileUseCaseFactory
    let loadRideHistoryUseCaseFactory: any LoadRideHistoryUseCaseFactory
    let signOutUseCaseFactory: any SignOutUseCaseFactory
    let emailConfirmationUseCaseFactory: any EmailConfirmationUseCaseFactory
    let links: CloudLinks
    let now: @Sendable () -> Date
    /// The window of the confirmation messages' limit: a throttled rider's `Retry-After`.
    let confirmationWindow: Duration

    func me() async throws -> Response {
        do {
            let profile = try await loadUserProfileUseCaseFactory.makeLoadUserProfileUseCase().run()
            return try CloudJSON.response(CloudUserProfile(profile, links: links, withNickname: true))
        } catch let error as LoadUserProfileError {
            throw CloudError.rejected(error.errorMessage(words), status: .notFound)
        }
    }

    /// 20 rides from `before` (a cursor an earlier page gave as `next`), newest first; a cursor Koober did not write is
    /// a 400.
    func history(before text: String?) async throws -> Response {
        var before: RideHistoryCursor?
        if let text {
            guard let cursor = RideHistoryCursor(text: text) else {
                throw CloudError.malformed(.notACursor, field: "before")
            }
            before = cursor
        }
        let page = try await loadRideHistoryUseCaseFactory.makeLoadRideHistoryUseCase(
            before: before, pageSize: LoadRideHistoryUseCase.historyPageSize
        ).run()
        return try CloudJSON.response(CloudRideHistoryPage(page, now: now(), words))
    }

    /// Ends this token on the server (the rider's other tokens and browsers are not touched): 204.
    func signOut() async throws -> Response {
        try await signOutUseCaseFactory.makeSignOutUseCase().run()
        return Response(status: .noContent)
    }

    /// 202 with **Confirmation Email Sent**; 409 when the email is confirmed already, 429 when the rider asked too
    /// often lately.
    func sendEmailConfirmation() async throws -> Response {
        do {
            try await emailConfirmationUseCaseFactory.makeSendEmailConfirmationUseCase().run()
            let profile = try await loadUserProfileUseCaseFactory.makeLoadUserProfileUseCase().run()
            return try CloudJSON.response(
                CloudNotice(AccountLinkNotice.confirmationSent(to: profile.email, words)), status: .accepted)
        } catch let error as SendEmailConfirmationError {
            switch error {
            case .alreadyConfirmed: throw CloudError.rejected(error.errorMessage(words), status: .conflict)
            case .throttled:
                throw CloudError.throttled(
                    error.errorMessage(words), retryAfterSeconds: Int(confirmationWindow.components.seconds))
            }
        } catch let error as LoadUserProfileError {
            throw CloudError.rejected(error.errorMessage(words), status: .notFound)
        }
    }
}
