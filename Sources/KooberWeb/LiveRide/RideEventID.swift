import KooberKit

/// The `id:` of a ride event, `<ride>.<status step>.<sequence>`: what `Last-Event-ID` brings back on a reconnect, so
/// the stream can send the statuses the client missed. What a client sends back is only ever parsed, never trusted:
/// anything that is not three numbers in range is no id at all.
public struct RideEventID: Equatable, Sendable {
    public let rideID: RideID
    public let status: RideStatus
    public let sequence: Int

    public var text: String { "\(rideID.rawValue).\(status.step).\(sequence)" }

    public init(rideID: RideID, status: RideStatus, sequence: Int) {
        self.rideID = rideID
        self.status = status
        self.sequence = sequence
    }

    public init?(parsing text: String) {
        guard text.utf8.count <= 64 else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let ride = Int64(parts[0]), ride > 0, let step = Int(parts[1]),
            RideStatus.allCases.indices.contains(step), let sequence = Int(parts[2]), sequence >= 0
        else { return nil }
        self.init(rideID: RideID(ride), status: RideStatus.allCases[step], sequence: sequence)
    }
}
