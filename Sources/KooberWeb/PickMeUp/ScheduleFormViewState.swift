import KooberKit

/// Schedule's part of step 2: the Pick-up time's two fields (as the rider sent them, after a refusal) and the
/// problem beside the field it is about.
struct ScheduleFormViewState: Sendable, Encodable {
    let scheduleAction = Route.scheduleRide.path
    let date: String
    let time: String
    let optionProblem: String?
    let dateProblem: String?
    let timeProblem: String?

    /// What the rider sent with Schedule, and why it was refused (none on a fresh page).
    init(date: String = "", time: String = "", refusal: BookScheduledRideError? = nil) {
        // Shown back as sent, but never more than the fields could hold (client bytes).
        self.date = String(date.prefix(10))
        self.time = String(time.prefix(5))
        let message = refusal?.errorMessage.message
        optionProblem = refusal?.field == .rideOption ? message : nil
        dateProblem = refusal?.field == .pickupDate ? message : nil
        timeProblem = refusal?.field == .pickupTime ? message : nil
    }
}
