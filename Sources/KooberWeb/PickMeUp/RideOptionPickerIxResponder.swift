import HTTPServer

/// What a rider can do with the ride-option picker (step 2).
protocol RideOptionPickerIxResponder {
    /// `rideOptionID` is `nil` when the form was sent without a choice.
    func confirm(rideOptionID: String?) async throws -> Response
}
