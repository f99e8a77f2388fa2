import KooberWeb

/// `Last-Event-ID` (`RideEventID`): what a reconnecting client sends back is untrusted bytes. Parsing never traps,
/// refuses anything but two or three numbers in range, and what it accepts prints back to an id that parses the same.
public struct LastEventIDFuzzTarget: FuzzTarget {
    public let name = "last-event-id"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let id = RideEventID(parsing: text) else { return }
        guard (id.rideID?.rawValue ?? 1) > 0, id.sequence >= 0, RideEventID(parsing: id.text) == id else {
            throw FuzzFinding("\(text.debugDescription) parsed as \(id.text), which does not parse back the same")
        }
    }
}
