import Foundation
import Timekeeping

/// How long an enrolment link lives (SPEC.md: 24 hours), and the rules of what is chosen at it.
public struct StaffEnrolmentPolicy: Sendable {
    public var lifetime: Duration = .seconds(24 * 60 * 60)
    /// A staff member's password has 12 characters or more (a rider's, 8).
    public var minimumPasswordLength = 12

    public init() {}
}
