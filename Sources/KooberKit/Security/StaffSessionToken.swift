/// A Koober Ops session id, the `koober_ops` cookie's value: never a rider's session, and never accepted as one.
public struct StaffSessionToken: StaffToken {
    public let value: String

    public init(checkedValue: String) {
        value = checkedValue
    }
}
