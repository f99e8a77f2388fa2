import KooberKit

/// The Elements Observer of a ride: something that follows one rider's ride (a page's stream), started and stopped
/// with it. `RideFeed` tells it what the dispatcher and the rider's other requests change.
protocol RideObserver: AnyObject, Sendable {
    /// The rider's ride as stored now (any thread).
    func rideChanged(_ ride: Ride)
    /// The observation is over: the session ended, or the server is stopping (any thread).
    func endObservation()
}
