/// `koober staff remove`: the member and every session of theirs end at once (their next /ops request finds none).
/// Throws `RemoveStaffMemberError.noSuchMember` for an email of no member.
public struct RemoveStaffMemberUseCase: Sendable {
    let email: String
    let repository: any StaffRepository

    public init(email: String, repository: any StaffRepository) {
        self.email = email
        self.repository = repository
    }

    /// The member removed.
    @discardableResult
    public func run() async throws -> StaffMember {
        guard let removed = try await repository.remove(email: email) else {
            throw RemoveStaffMemberError.noSuchMember
        }
        return removed
    }
}
