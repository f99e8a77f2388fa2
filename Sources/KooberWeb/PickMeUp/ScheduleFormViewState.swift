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

    /// What the rider sent with Schedule, and why it was refused (none on a fresh page), in `words`.
    init(date: String = "", time: String = "", refusal: BookScheduledRideError? = nil, words: Words? = nil) {
        // Shown back as sent when the field can hold it: a date field's value is a real `yyyy-mm-dd` and a time
        // field's a real `hh:mm`, or nothing (a browser would not show anything else, and it is not valid HTML).
        self.date = SydneyWallTime(date: date, time: "00:00") != nil ? date : ""
        self.time = SydneyWallTime(date: "2000-01-01", time: time) != nil ? time : ""
        let message = words.flatMap { refusal?.errorMessage($0).message }
        optionProblem = refusal?.field == .rideOption ? message : nil
        dateProblem = refusal?.field == .pickupDate ? message : nil
        timeProblem = refusal?.field == .pickupTime ? message : nil
    }
}
