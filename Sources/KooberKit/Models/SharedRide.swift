/// A shared ride as its link shows it: the ride brought up to the clock with its history (for the stream's
/// `Last-Event-ID`), the rider's nickname, and the link's hash (whose streams end with it).
public struct SharedRide: Equatable, Sendable {
    public let record: RideRecord
    public let nickname: String
    public let tokenHash: SessionTokenHash

    public init(record: RideRecord, nickname: String, tokenHash: SessionTokenHash) {
        self.record = record
        self.nickname = nickname
        self.tokenHash = tokenHash
    }
}
