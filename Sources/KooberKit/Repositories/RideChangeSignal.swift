/// Told when a use case has stored a change the dispatcher should look at now rather than at its next tick (a ride
/// requested or cancelled in this process).
public protocol RideChangeSignal: Sendable {
    func ridesChanged()
}
