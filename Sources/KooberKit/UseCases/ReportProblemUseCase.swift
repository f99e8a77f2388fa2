import Foundation

/// Report a Problem: the rider's own finished or cancelled ride, within 30 days of its end, gets one report (a
/// category and 1 to 1,000 characters of what happened).
public struct ReportProblemUseCase: Sendable {
    let target: FeedbackTarget

    public init(_ target: FeedbackTarget) {
        self.target = target
    }

    /// `category` is a raw value (`ProblemCategory`), `nil` when none was chosen.
    public func run(category: String?, text: String) async throws -> ProblemReport {
        let ride = try await target.ride(allowed: RideFeedbackPolicy.canReport)
        var problems: [RideFeedbackField: FieldProblem] = [:]
        let checkedCategory = category.flatMap(ProblemCategory.init(rawValue:))
        if checkedCategory == nil { problems[.category] = category == nil ? .missing : .notAChoice }
        if let tooLong = ProblemReport.textLimit.problem(with: text) {
            problems[.text] = tooLong
        } else if text.allSatisfy(\.isWhitespace) {
            problems[.text] = .missing
        }
        guard problems.isEmpty, let checkedCategory else { throw RideFeedbackError.invalid(problems) }
        let report = ProblemReport(category: checkedCategory, text: text, reportedAt: target.now)
        guard try await target.feedbackRepository.report(rideID: ride.id, report) else {
            throw RideFeedbackError.alreadyReported
        }
        return report
    }
}
