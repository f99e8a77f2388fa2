import HTTPServer
import KooberKit

/// **Staff** (admin): who may open Koober Ops, their roles and their last sign-in.
struct OpsStaffScreen {
    let templates: TemplateRenderer
    let repository: any StaffRepository

    func show(navigation: OpsNavigation) async throws -> Response {
        let members = try await repository.list()
        return templates.response(.opsStaff, OpsStaffViewState(navigation: navigation, members: members))
    }
}
