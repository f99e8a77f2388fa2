import KooberKit

/// What Koober Ops says of rides, their timelines and the refusals of Cancel Ride and Refund.
enum OpsRideWords {
    static let noSuchRide = ErrorMessage(title: "No Such Ride", message: "No ride has that id.")

    /// A status as a ride's timeline and page name it.
    static func status(_ status: RideStatus, cancelledByKoober: Bool = false) -> String {
        switch status {
        case .finding: "Finding an animal"
        case .onTheWay: "On the way to the pick-up"
        case .arrived: "At the pick-up"
        case .riding: "Riding"
        case .finished: "Finished"
        case .cancelled: cancelledByKoober ? "Cancelled by Koober" : "Cancelled by the rider"
        }
    }

    static func message(for error: OpsRideError, _ words: Words) -> ErrorMessage {
        switch error {
        case .notAllowed: OpsResponder.notAllowedMessage
        case .noSuchRide: noSuchRide
        case .notLive:
            ErrorMessage(
                title: "Not a Live Ride",
                message: "This ride has finished or was cancelled already. Nothing was changed.")
        case .notFinished:
            ErrorMessage(title: "Not Finished", message: "Only a finished ride can be refunded. Nothing was changed.")
        case .alreadyRefunded:
            fieldProblem(
                title: "Refunded Already",
                amount: "This ride has been refunded already: once a ride. Nothing was changed.")
        case .overLimit(let limit):
            fieldProblem(
                title: "Too Much",
                amount: "At most \(limit.displayed), the fare plus tip. Nothing was changed.")
        case .invalid(let amount, let reason):
            ErrorMessage(
                title: "Check the Form",
                message: [amount.map(amountWords), reason.map { OpsRiderWords.reasonWords($0, words) }]
                    .compactMap { $0 }.joined(separator: " "),
                fieldErrors: [
                    FormFieldName.refundAmount.rawValue: amount.map(amountWords),
                    FormFieldName.reason.rawValue: reason.map { OpsRiderWords.reasonWords($0, words) },
                ].compactMapValues { $0 })
        }
    }

    private static func fieldProblem(title: String, amount: String) -> ErrorMessage {
        ErrorMessage(title: title, message: amount, fieldErrors: [FormFieldName.refundAmount.rawValue: amount])
    }

    static func amountWords(_ problem: FieldProblem) -> String {
        switch problem {
        case .missing: "Please enter an amount in dollars, like 1.50."
        default: "Please enter an amount in dollars of at least A$0.01, like 1.50."
        }
    }
}
