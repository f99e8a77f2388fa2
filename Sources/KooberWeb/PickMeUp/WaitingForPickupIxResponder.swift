import HTTPServer

/// What a rider can do while the ride is on its way (step 3).
protocol WaitingForPickupIxResponder {
    func startNewRide() async throws -> Response
}
