import Foundation
import Testing

/// Suites that take the whole machine: ones that run the real `koober` under heavy load on both of the CI machine's
/// cores for many seconds (the hostile clients, the crash test), and ones that compare timings (sign-in of an unknown
/// and a known email). Alongside seven hundred other tests the first would slow those down until the ones that time
/// something fail, and the second measure the others' noise; so `swift test` skips them and `scripts/hardening`
/// (which `.ci/run` calls after the suite) runs them on their own, with `KOOBER_WHOLE_MACHINE_TESTS=1`.
extension Trait where Self == ConditionTrait {
    public static var wholeMachine: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["KOOBER_WHOLE_MACHINE_TESTS"] == "1",
            "takes the whole machine: run alone by scripts/hardening"
        )
    }
}
