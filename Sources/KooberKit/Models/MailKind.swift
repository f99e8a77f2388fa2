/// What a queued message is (SPEC.md, "Email"): the raw values are what storage keeps.
public enum MailKind: String, CaseIterable, Sendable {
    /// **Reset your Koober password**, with a link of `AccountLinkPurpose.passwordReset`.
    case passwordReset = "password_reset"
    /// The link that confirms the rider's email (`AccountLinkPurpose.emailConfirmation`).
    case emailConfirmation = "email_confirmation"
    /// **Your Koober receipt**, for a finished ride.
    case receipt
    /// **Your Koober ride is booked**, for a scheduled ride (`MailSubject.scheduledRide`).
    case scheduledRideBooked = "scheduled_ride_booked"
    /// A scheduled ride has started (10 minutes before its pick-up).
    case scheduledRideStarting = "scheduled_ride_starting"
    /// A scheduled ride was missed behind a ride in progress.
    case scheduledRideMissed = "scheduled_ride_missed"
    /// **Koober replied to your report**: a reply from Koober Ops (`ReportReply`), about its ride (`MailSubject.ride`).
    case reportReply = "report_reply"

    /// The purpose of the link it carries, for the two kinds that carry one.
    public var linkPurpose: AccountLinkPurpose? {
        switch self {
        case .passwordReset: .passwordReset
        case .emailConfirmation: .emailConfirmation
        case .receipt, .scheduledRideBooked, .scheduledRideStarting, .scheduledRideMissed, .reportReply: nil
        }
    }
}
