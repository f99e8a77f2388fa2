/// What a message's templates show: the rider's nickname, the link it carries, and for a receipt the ride, for a
/// message about a scheduled ride the booking.
struct MailViewState: Sendable, Encodable {
    let nickname: String
    let link: String
    let ride: ReceiptMailRide?
    var scheduled: ScheduledRideMail? = nil
}

/// A finished ride as its receipt mail shows it, display-ready as on the receipt page.
struct ReceiptMailRide: Sendable, Encodable {
    let from: String
    let to: String
    let rideOption: String
    let animal: String?
    let receipt: RideReceipt
}
