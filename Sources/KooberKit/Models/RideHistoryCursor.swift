import Foundation

/// Where a page of a rider's history goes on from: the ride at the bottom of the page before, by when it was
/// requested (whole seconds, as stored) and its id, the order the history is kept in. Keyset paging: the next page is
/// read from the index there, whatever the number of rides before it (no OFFSET).
///
/// Opaque to the browser: 16 bytes (both numbers, big-endian) in URL-safe base64. A cursor that does not decode to a
/// time since 1970 and a positive id is refused; one that decodes only ever reads the rider's own rides.
public struct RideHistoryCursor: Hashable, Sendable {
    public let requestedAtSeconds: Int64
    public let rideID: RideID

    public init(after ride: Ride) {
        requestedAtSeconds = Int64(ride.requestedAt.timeIntervalSince1970.rounded(.down))
        rideID = ride.id
    }

    init(requestedAtSeconds: Int64, rideID: RideID) {
        self.requestedAtSeconds = requestedAtSeconds
        self.rideID = rideID
    }

    /// The cursor `text` names, or `nil` when it is not one Koober wrote.
    public init?(text: String) {
        guard text.utf8.count == 22, text.utf8.allSatisfy(Base64URL.isAlphabet) else { return nil }
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=="
        guard let data = Data(base64Encoded: standard), data.count == 16 else { return nil }
        let bytes = [UInt8](data)
        let seconds = bytes[0..<8].reduce(0 as UInt64) { $0 << 8 | UInt64($1) }
        let id = bytes[8..<16].reduce(0 as UInt64) { $0 << 8 | UInt64($1) }
        guard seconds <= UInt64(Int64.max), id > 0, id <= UInt64(Int64.max) else { return nil }
        self.init(requestedAtSeconds: Int64(seconds), rideID: RideID(Int64(id)))
        guard self.text == text else { return nil }  // one spelling only
    }

    /// The cursor as the browser carries it.
    public var text: String {
        let bytes = [requestedAtSeconds, rideID.rawValue].flatMap { value in
            (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: value) >> (8 * UInt64($0))) }
        }
        return Base64URL.encode(bytes)
    }
}

/// One page of a rider's history, newest first, and where the next (older) page starts, if there is one.
public struct RideHistoryPage: Sendable, Equatable {
    public let rides: [Ride]
    public let older: RideHistoryCursor?

    public init(rides: [Ride], older: RideHistoryCursor?) {
        self.rides = rides
        self.older = older
    }
}
