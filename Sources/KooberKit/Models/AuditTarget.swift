/// What an audited action was done to, typed: a rider (their account, their page), a ride, an animal, or a report.
/// A rider's report is one per ride, so it is named by its ride's id.
public enum AuditTarget: Hashable, Sendable {
    case rider(UserID)
    case ride(RideID)
    case animal(AnimalID)
    case report(RideID)

    /// The kind of target as storage keeps it (`kind` and `id` are the two columns of a target).
    public var kind: Kind {
        switch self {
        case .rider: .rider
        case .ride: .ride
        case .animal: .animal
        case .report: .report
        }
    }

    /// The target's id within its kind.
    public var id: Int64 {
        switch self {
        case .rider(let id): id.rawValue
        case .ride(let id): id.rawValue
        case .animal(let id): id.rawValue
        case .report(let rideID): rideID.rawValue
        }
    }

    /// The target a stored kind and id name.
    public init(kind: Kind, id: Int64) {
        switch kind {
        case .rider: self = .rider(UserID(id))
        case .ride: self = .ride(RideID(id))
        case .animal: self = .animal(AnimalID(id))
        case .report: self = .report(RideID(id))
        }
    }

    /// The kinds of target; the raw values are what storage keeps.
    public enum Kind: String, CaseIterable, Sendable {
        case rider
        case ride
        case animal
        case report
    }
}
