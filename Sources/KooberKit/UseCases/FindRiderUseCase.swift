import Foundation

/// **Riders** (`GET /ops/riders?q=…`): the rider with exactly this email, or the rider of the ride with this id. A
/// query is an email when it holds an `@`, a ride id when it is only digits; anything else finds nobody. Finding is not
/// looking: the rider's page is (`LookAtRiderUseCase`), and that is audited. Throws `RiderAccountError.notAllowed` for
/// a member whose role may not act on riders.
public struct FindRiderUseCase: Sendable {
    let query: String
    let member: StaffMember
    let riderAccounts: any RiderAccountRepository

    public init(query: String, member: StaffMember, riderAccounts: any RiderAccountRepository) {
        self.query = query
        self.member = member
        self.riderAccounts = riderAccounts
    }

    /// The rider found, or `nil`.
    public func run() async throws -> UserProfile? {
        guard member.role.permits(.riders) else { throw RiderAccountError.notAllowed }
        switch RiderQuery(query) {
        case .email(let email): return try await riderAccounts.rider(email: email)
        case .rideID(let id): return try await riderAccounts.rider(rideID: id)
        case nil: return nil
        }
    }
}

/// What a rider search names: an exact email or a ride's id.
enum RiderQuery: Equatable {
    case email(String)
    case rideID(RideID)

    /// `nil` for a query that is neither (empty, over an email's bytes, letters without an `@`, a ride id of more than
    /// 18 digits or zero).
    init?(_ query: String) {
        guard FieldLimit.email.problem(withBytesOf: query) == nil else { return nil }
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.contains("@") {
            self = .email(EmailAddress.normalize(trimmed))
        } else if (1...18).contains(trimmed.utf8.count), trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let id = Int64(trimmed), id > 0
        {
            self = .rideID(RideID(id))
        } else {
            return nil
        }
    }
}
