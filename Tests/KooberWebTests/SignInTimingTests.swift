import Foundation
import KooberTestSupport
import TestKit
import Testing

/// Account enumeration by timing: the sign-in of an unknown email and of a known one with a wrong password take
/// statistically the same time (SPEC.md: "takes about as long either way").
///
/// It compares timings, so it runs on a quiet machine (`WholeMachineTests`, by `scripts/hardening`): inside the parallel
/// suite other tests hashing passwords once made the unknown email's median 1.8 times the other. That the unknown
/// email verifies against the stand-in hash at all is `SignInUseCaseTests`' to prove, in every run.
@Suite(.enabled(if: WholeMachineTests.run, "takes the whole machine: run alone by scripts/hardening"))
struct SignInTimingTests {
    /// Alternating samples, so that a busy moment of the machine falls on both kinds alike.
    static let samplesEach = 24

    @Test func anUnknownEmailAndAWrongPasswordTakeTheSameTime() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.visit("/signin")
        let token = try #require(try browser.formToken())
        var unknown: [Double] = []
        var wrongPassword: [Double] = []
        for sample in 0..<(Self.samplesEach * 2) {
            let email = sample.isMultiple(of: 2) ? "nobody-\(sample)@koober.test" : "johnny@gmail.com"
            let start = ContinuousClock.now
            try await browser.post(
                "/signin",
                fields: [("csrf_token", token), ("email", email), ("password", "wrong guess")]
            )
            let elapsed = ContinuousClock.now - start
            #expect(browser.status == .unprocessableEntity)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if sample.isMultiple(of: 2) { unknown.append(seconds) } else { wrongPassword.append(seconds) }
            app.clock.advance(by: 16 * 60)  // past the throttle, so every try checks a password
        }
        let ratio = median(unknown) / median(wrongPassword)
        // Without the stand-in hash an unknown email answers about fifty times faster (no argon2id at all); with it
        // the medians differ only by noise. 0.6–1.6 leaves room for a busy two-core machine and nothing more.
        #expect(
            ratio > 0.6 && ratio < 1.6, "median unknown \(median(unknown)) s, wrong password \(median(wrongPassword)) s"
        )
        #expect(mannWhitneyZ(unknown, wrongPassword).magnitude < 3.5)
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }

    /// The Mann–Whitney U statistic as a z score: near zero when neither sample tends to be larger. |z| ≥ 3.5 would
    /// happen by chance about once in two thousand runs.
    private func mannWhitneyZ(_ a: [Double], _ b: [Double]) -> Double {
        let u = a.reduce(0.0) { total, x in total + b.reduce(0.0) { $0 + (x > $1 ? 1 : x == $1 ? 0.5 : 0) } }
        let n1 = Double(a.count)
        let n2 = Double(b.count)
        return (u - n1 * n2 / 2) / (n1 * n2 * (n1 + n2 + 1) / 12).squareRoot()
    }
}
