/// A Koober Ops session just started: its token, for the `koober_ops` cookie, and whose it is.
public struct StartedStaffSession: Equatable, Sendable {
    public let token: StaffSessionToken
    public let member: StaffMember

    public init(token: StaffSessionToken, member: StaffMember) {
        self.token = token
        self.member = member
    }
}
