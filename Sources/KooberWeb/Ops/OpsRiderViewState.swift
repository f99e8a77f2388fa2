import Foundation
import KooberKit

/// A rider's page in Koober Ops (SPEC.md, **Riders**): the profile, whether the account is locked and why, the rides and
/// the reports; **Lock Account** with a **Reason**, or **Unlock Account**. Never a password hash, a session or a token:
/// `RiderAccount` holds none.
struct OpsRiderViewState: Sendable, Encodable {
    struct Detail: Sendable, Encodable {
        let label: String
        let value: String
    }

    struct RideRow: Sendable, Encodable {
        let id: String
        /// The ride's page in Koober Ops.
        let path: String
        let requestedAt: String
        let dropoff: String
        let option: String
        let status: String
        let fare: String
    }

    struct ReportRow: Sendable, Encodable {
        let rideID: String
        let category: String
        let text: String
        let reportedAt: String
    }

    let navigation: OpsNavigation
    let name: String
    let details: [Detail]
    let isLocked: Bool
    let lockedSince: String?
    let lockReason: String?
    let lockAction: String
    let unlockAction: String
    let csrfToken: String
    let rides: [RideRow]
    let hasRides: Bool
    let reports: [ReportRow]
    let auditPath: String
    let error: ErrorMessage?
    let reasonField: FormField

    init(
        navigation: OpsNavigation, page: RiderPage, csrfToken: String, error: ErrorMessage? = nil, reason: String = "",
        _ words: Words
    ) {
        self.navigation = navigation
        let account = page.account
        let profile = account.profile
        name = profile.name
        details = [
            Detail(label: "Name", value: profile.name),
            Detail(label: "Called", value: profile.nickname),
            Detail(label: "Email", value: profile.email),
            Detail(label: "Mobile number", value: profile.mobileNumber),
            Detail(label: "Rider since", value: PickupTimeText.text(for: account.createdAt)),
            Detail(label: "Rider id", value: String(profile.id.rawValue)),
        ]
        isLocked = account.isLocked
        lockedSince = account.lock.map { PickupTimeText.text(for: $0.lockedAt) }
        lockReason = account.lock?.reason
        lockAction = OpsRoute.lockRider.path(.userID(profile.id))
        unlockAction = OpsRoute.unlockRider.path(.userID(profile.id))
        self.csrfToken = csrfToken
        rides = page.rides.map { ride in
            RideRow(
                id: String(ride.id.rawValue), path: OpsRoute.ridePath(ride.id),
                requestedAt: PickupTimeText.text(for: ride.requestedAt),
                dropoff: ride.dropoff.name, option: ride.rideOptionName,
                status: OpsRideWords.status(ride.status, cancelledByKoober: ride.cancelledByKoober),
                fare: ride.chargedCents.displayed)
        }
        hasRides = !rides.isEmpty
        reports = account.reports.map { report in
            ReportRow(
                rideID: String(report.rideID.rawValue), category: report.report.category.text(words),
                text: report.report.text, reportedAt: PickupTimeText.text(for: report.report.reportedAt))
        }
        auditPath = OpsAuditFilter.path(target: .rider(profile.id))
        self.error = error
        reasonField = FormField(
            id: "ops-reason", name: FormFieldName.reason.rawValue, label: "Reason", autocomplete: "off", value: reason,
            problem: error?.fieldErrors["reason"])
    }
}

/// Find a rider: the form, and what was not found.
struct OpsRidersViewState: Sendable, Encodable {
    let navigation: OpsNavigation
    let action = OpsRoute.riders.path
    let query: String
    let error: ErrorMessage?
}
