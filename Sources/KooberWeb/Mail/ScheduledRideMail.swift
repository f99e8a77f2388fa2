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
    init?(kind: MailKind, ride: ScheduledRide, _ words: Words) {
        let when = PickupTimeText.text(for: ride.pickupAt, in: words.language)
        let values: KeyValuePairs<String, String> = ["rideOption": ride.rideOptionName, "pickupTime": when]
        switch kind {
        case .scheduledRideBooked:
            subject = words("mail.scheduled.booked.subject")
            message = words("mail.scheduled.booked.message", values)
            linkText = words("mail.scheduled.booked.link")
        case .scheduledRideStarting:
            subject = words("mail.scheduled.starting.subject")
            message = words("mail.scheduled.starting.message", values)
            linkText = words("mail.scheduled.starting.link")
        case .scheduledRideMissed:
            subject = words("mail.scheduled.missed.subject")
            message = words("mail.scheduled.missed.message", values)
            linkText = words("mail.scheduled.missed.link")
        case .passwordReset, .emailConfirmation, .receipt, .reportReply:
            return nil
        }
        pickupTime = when
        to = ride.dropoff.name
        rideOption = ride.rideOptionName
        fare = ride.fareCents.displayed
    }
}
