import KooberKit

/// A scheduled ride as its booked, starting or missed message shows it: the words of the kind, and the booking
/// display-ready (the pick-up in Sydney's time, as the page shows it).
struct ScheduledRideMail: Sendable, Encodable {
    let subject: String
    let message: String
    let linkText: String
    let pickupTime: String
    let to: String
    let rideOption: String
    let fare: String

    /// The words for `kind`, one of the three about a scheduled ride; `nil` for any other.
    init?(kind: MailKind, ride: ScheduledRide) {
        let when = PickupTimeText.text(for: ride.pickupAt)
        switch kind {
        case .scheduledRideBooked:
            subject = "Your Koober ride is booked"
            message = "your \(ride.rideOptionName) is booked for \(when)."
            linkText = "See your upcoming rides on Koober"
        case .scheduledRideStarting:
            subject = "Your Koober ride is starting"
            message = "your \(ride.rideOptionName) for \(when) is on its way: we are finding your animal now."
            linkText = "Follow your ride on Koober"
        case .scheduledRideMissed:
            subject = "Your Koober ride was missed"
            message =
                "your \(ride.rideOptionName) for \(when) could not start while another ride was in progress. "
                + "You have not been charged."
            linkText = "Book another ride on Koober"
        case .passwordReset, .emailConfirmation, .receipt, .reportReply:
            return nil
        }
        pickupTime = when
        to = ride.dropoff.name
        rideOption = ride.rideOptionName
        fare = ride.fareCents.displayed
    }
}
