import HTTPServer
import KooberKit

/// The signed-in home. Until pick-me-up arrives it greets the rider by name and links to their profile.
struct RideScreen {
    let templates: TemplateRenderer
    let profile: UserProfile

    func show() -> Response {
        templates.response(.ride, RideViewState(nickname: profile.nickname))
    }
}

struct RideViewState: Sendable {
    let nickname: String
    let profilePath = Route.profile.path
}
