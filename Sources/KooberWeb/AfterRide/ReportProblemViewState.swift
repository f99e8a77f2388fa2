import KooberKit

/// Report a Problem's page (`/rides/<id>/report`): the category, what happened and **Send Report**, with what was
/// sent and each field's problem after a failed send.
struct ReportProblemViewState: Sendable, Encodable {
    let csrfToken: String
    let error: ErrorMessage?
    let to: String
    let action: String
    let receiptPath: String
    let categories: [RatingFormViewState.Choice]
    let text: String
    let categoryProblem: String?
    let textProblem: String?
    let textDescribedBy: String

    init(
        ride: Ride, csrfToken: String, category: String? = nil, text: String = "", error: ErrorMessage? = nil,
        _ words: Words
    ) {
        self.csrfToken = csrfToken
        self.error = error
        to = ride.dropoff.name
        action = Route.reportPath(for: ride.id)
        receiptPath = Route.receiptPath(for: ride.id)
        categories = ProblemCategory.allCases.map { choice in
            RatingFormViewState.Choice(
                id: "category-\(choice.rawValue)", value: choice.rawValue, label: choice.text(words),
                checked: category == choice.rawValue)
        }
        self.text = text
        categoryProblem = error?.fieldErrors[FormFieldName.problemCategory.rawValue]
        textProblem = error?.fieldErrors[FormFieldName.problemText.rawValue]
        textDescribedBy = textProblem == nil ? "what-happened-hint" : "what-happened-hint what-happened-error"
    }
}
