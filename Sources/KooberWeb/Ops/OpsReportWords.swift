import KooberKit

/// What Koober Ops says of reports and their refusals.
enum OpsReportWords {
    static func message(for error: ReportError, _ words: Words) -> ErrorMessage {
        switch error {
        case .notAllowed: OpsResponder.notAllowedMessage
        case .noSuchReport: ErrorMessage(title: "No Such Report", message: "No report is about a ride with this id.")
        case .alreadyResolved:
            ErrorMessage(
                title: "Already Resolved",
                message:
                    "This report was resolved already: it takes no reply and no second resolve. Nothing was changed.")
        case .reply(let problem):
            ErrorMessage(
                title: "Check the Reply", message: replyWords(problem, words),
                fieldErrors: ["reply": replyWords(problem, words)])
        }
    }

    static func replyWords(_ problem: FieldProblem, _ words: Words) -> String {
        switch problem {
        case .missing: "Please write a reply."
        case .tooLong(let limit): limit.text(words)
        default: "Please write a reply, in words."
        }
    }
}
