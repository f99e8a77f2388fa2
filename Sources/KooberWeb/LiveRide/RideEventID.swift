import KooberKit

/// The `id:` of a ride event: what `Last-Event-ID` brings back on a reconnect, so the stream can send the statuses
/// the client missed. The rider's stream writes `<ride>.<status step>.<sequence>`; a share link's stream writes
/// `<status step>.<sequence>`, without the ride: the link names its ride already, and a ride's number (how many rides
/// Koober has had) is nothing its watchers need (issue 41). What a client sends back is only ever parsed, never
/// trusted: anything that is not two or three numbers in range is no id at all.
public struct RideEventID: Equatable, Sendable {
    /// The ride, in the rider's streams; `nil` in a share link's.
    public let rideID: RideID?
    public let status: RideStatus
    public let sequence: Int

    public var text: String {
        let event = "\(status.step).\(sequence)"
        return rideID.map { "\($0.rawValue).\(event)" } ?? event
    }

    public init(rideID: RideID?, status: RideStatus, sequence: Int) {
        self.rideID = rideID
        self.status = status
        self.sequence = sequence
    }

    public init?(parsing text: String) {
        guard text.utf8.count <= 64 else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var rideID: RideID?
        if parts.count == 3 {
            guard let ride = Int64(parts[0]), ride > 0 else { return nil }
            rideID = RideID(ride)
        }
        guard let step = Int(parts[parts.count - 2]), RideStatus.allCases.indices.contains(step),
            let sequence = Int(parts[parts.count - 1]), sequence >= 0
        else { return nil }
        self.init(rideID: rideID, status: RideStatus.allCases[step], sequence: sequence)
    }

    /// Whether this id came from a stream of `rideID` as `watcher` follows it: the rider's ids name their ride, a
    /// share link's name none.
    func isOf(_ rideID: RideID, by watcher: RideWatcher) -> Bool {
        watcher.sharedRideID == nil ? self.rideID == rideID : self.rideID == nil
    }
}
