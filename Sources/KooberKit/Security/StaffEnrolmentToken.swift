/// The token of a staff member's one-time enrolment link (`/ops/enrol?token=…`), printed once by `koober staff add`:
/// valid 24 hours (`StaffEnrolmentPolicy`), used once, replaced by the next `staff add` for the same email.
public struct StaffEnrolmentToken: StaffToken {
    public let value: String

    public init(checkedValue: String) {
        value = checkedValue
    }
}
