import HTTPServer
import KooberKit

/// The dashboard (`GET /ops`).
struct OpsDashboardScreen {
    let templates: TemplateRenderer

    func show(navigation: OpsNavigation) async throws -> Response {
        templates.response(.opsDashboard, OpsDashboardViewState(navigation: navigation))
    }
}

struct OpsDashboardViewState: Sendable, Encodable {
    let navigation: OpsNavigation
}
