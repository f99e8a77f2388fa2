import KooberKit
import Synchronization

/// Counts how often use cases woke the dispatcher.
public final class RideChangeSignalSpy: RideChangeSignal {
    private let count = Atomic<Int>(0)

    public init() {}

    public func ridesChanged() {
        count.add(1, ordering: .relaxed)
    }

    public var signals: Int { count.load(ordering: .relaxed) }
}
