import Foundation
import KooberKit

/// A ride's page in Koober Ops (SPEC.md, **Rides** and **Refund**): the rider, where from and to, the option, the
/// money (fare, tip, refund, total) and the status; the timeline, each status and when, in Sydney's time as the rest of /ops (`PickupTimeText`; the
/// `<time>` element keeps the instant to the second); **Cancel Ride**
/// with a **Reason** while it is live; **Refund** with an amount and a **Reason** once finished and not yet refunded, for
/// the roles that may move money.
struct OpsRideViewState: Sendable, Encodable {
    struct Detail: Sendable, Encodable {
        let label: String
        let value: String
        /// The rider's page, for the roles that may open it.
        let path: String?
    }

    struct TimelineRow: Sendable, Encodable {
        let status: String
        let when: String
        let datetime: String
    }

    let navigation: OpsNavigation
    let title: String
    let status: String
    let details: [Detail]
    let timeline: [TimelineRow]
    let csrfToken: String
    let isLive: Bool
    let cancelAction: String
    let canRefund: Bool
    let refundAction: String
    let refundLimit: String
    let auditPath: String
    let error: ErrorMessage?
    let cancelReasonField: FormField
    let amountField: FormField
    let refundReasonField: FormField

    /// - Parameters:
    ///   - failedForm: which form `error`, `reason` and `amount` are of (`cancelRide` or `refundRide`), if any.
    init(
        navigation: OpsNavigation, opsRide: OpsRide, member: StaffMember, csrfToken: String, error: ErrorMessage? = nil,
        failedForm: OpsRoute? = nil, reason: String = "", amount: String = "", _ words: Words
    ) {
        self.navigation = navigation
        let ride = opsRide.ride
        let feedback = opsRide.record.feedback
        title = "Ride \(ride.id.rawValue)"
        status = OpsRideWords.status(ride.status, cancelledByKoober: ride.cancelledByKoober)
        let rider = opsRide.rider
        let riderPath = member.role.permits(.riders) ? OpsRoute.riderPath(rider.id) : nil
        let tip = feedback.rating?.tip?.cents
        details =
            [
                Detail(label: "Rider", value: "\(rider.name) (\(rider.email))", path: riderPath),
                Detail(label: "Rider id", value: String(rider.id.rawValue), path: nil),
                Detail(
                    label: "Pick-up",
                    value: String(format: "%.6f, %.6f", ride.pickup.latitude, ride.pickup.longitude), path: nil),
                Detail(label: "Drop-off", value: ride.dropoff.name, path: nil),
                Detail(label: "Option", value: ride.rideOptionName, path: nil),
            ]
            + (ride.animalTitle(words).map { [Detail(label: "Animal", value: $0, path: nil)] } ?? [])
            + [
                Detail(label: "Status", value: status, path: nil),
                Detail(label: "Fare", value: ride.chargedCents.displayed, path: nil),
                Detail(label: "Tip", value: (tip ?? .zero).displayed, path: nil),
            ]
            + (feedback.refund.map { [Detail(label: "Refunded", value: $0.amount.displayed, path: nil)] } ?? [])
            + [Detail(label: "Total", value: feedback.totalCents(of: ride).displayed, path: nil)]
        timeline = opsRide.record.events.map { event in
            TimelineRow(
                status: OpsRideWords.status(event.status, cancelledByKoober: ride.cancelledByKoober),
                when: PickupTimeText.text(for: event.at), datetime: event.at.formatted(.iso8601))
        }
        self.csrfToken = csrfToken
        isLive = ride.status.isInProgress
        cancelAction = OpsRoute.cancelRide.path(.rideID(ride.id))
        canRefund = member.role.permits(.riders) && ride.status == .finished && feedback.refund == nil
        refundAction = OpsRoute.refundRide.path(.rideID(ride.id))
        refundLimit = RefundRule.limit(fare: ride.fareCents, tip: tip ?? .zero).displayed
        auditPath = OpsAuditFilter.path(target: .ride(ride.id))
        self.error = error
        let cancelError = failedForm == .cancelRide ? error : nil
        let refundError = failedForm == .refundRide ? error : nil
        cancelReasonField = FormField(
            id: "ops-cancel-reason", name: FormFieldName.reason.rawValue, label: "Reason", autocomplete: "off",
            value: failedForm == .cancelRide ? reason : "",
            problem: cancelError?.fieldErrors[FormFieldName.reason.rawValue])
        amountField = FormField(
            id: "ops-refund-amount", name: FormFieldName.refundAmount.rawValue, label: "Amount", autocomplete: "off",
            inputmode: "decimal", value: amount, hint: "In dollars, at most \(refundLimit), like 1.50.",
            problem: refundError?.fieldErrors[FormFieldName.refundAmount.rawValue])
        refundReasonField = FormField(
            id: "ops-refund-reason", name: FormFieldName.reason.rawValue, label: "Reason", autocomplete: "off",
            value: failedForm == .refundRide ? reason : "",
            problem: refundError?.fieldErrors[FormFieldName.reason.rawValue])
    }
}

/// Find a ride: the form, and what was not found.
struct OpsRidesViewState: Sendable, Encodable {
    let navigation: OpsNavigation
    let action = OpsRoute.rides.path
    let query: String
    let error: ErrorMessage?
}
