import Foundation

/// SPEC.md: after 5 failures for one email within 15 minutes, further tries answer 429 for 15 minutes.
public struct SignInThrottlePolicy: Sendable {
    public var maximumFailures = 5
    public var window: TimeInterval = 15 * 60
    public var lockout: TimeInterval = 15 * 60

    public init() {}
}
