import Foundation
import Testing

/// Suites that run the real `koober` under heavy load and take both of the CI machine's cores for many seconds (the
/// hostile clients, the crash test). Alongside six hundred other tests they would slow those down until the ones that
/// time something fail, and be measured by them in turn; so `swift test` skips them and `scripts/hardening` (which
/// `.ci/run` calls after the suite) runs them on their own, with `KOOBER_WHOLE_MACHINE_TESTS=1`.
extension Trait where Self == ConditionTrait {
    static var wholeMachine: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["KOOBER_WHOLE_MACHINE_TESTS"] == "1",
            "takes the whole machine: run alone by scripts/hardening"
        )
    }
}
