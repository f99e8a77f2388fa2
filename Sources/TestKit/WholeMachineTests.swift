import Foundation

/// Suites that take the whole machine: ones that run the real `koober` under heavy load on both of the CI machine's
/// cores for many seconds (the hostile clients, the crash test), and ones that compare timings (sign-in of an unknown
/// and a known email). Alongside the rest of the suite the first would slow those down until the ones that time
/// something fail, and the second measure the others' noise; so `swift test` skips them and `scripts/hardening`
/// (which `.ci/run` calls after the suite) runs them on their own, with `KOOBER_WHOLE_MACHINE_TESTS=1`:
///
///     @Suite(.enabled(if: WholeMachineTests.run, "takes the whole machine: run alone by scripts/hardening"))
///
/// (A `Trait` of its own would need `import Testing` here, which a release build of the package cannot resolve.)
public enum WholeMachineTests {
    public static let run = ProcessInfo.processInfo.environment["KOOBER_WHOLE_MACHINE_TESTS"] == "1"
}
