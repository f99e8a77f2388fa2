import KooberKit

// The words of Rate Your Ride and Report a Problem: compliments, categories, stars and the use cases' errors.

extension Compliment {
    func text(_ words: Words) -> String {
        switch self {
        case .smoothHops: words("feedback.compliment.smoothHops")
        case .greatConversation: words("feedback.compliment.greatConversation")
        case .knewTheWay: words("feedback.compliment.knewTheWay")
        case .friendly: words("feedback.compliment.friendly")
        }
    }
}

extension ProblemCategory {
    func text(_ words: Words) -> String {
        switch self {
        case .fare: words("feedback.category.fare")
        case .route: words("feedback.category.route")
        case .lostItem: words("feedback.category.lostItem")
        case .safety: words("feedback.category.safety")
        case .somethingElse: words("feedback.category.somethingElse")
        }
    }
}

extension Stars {
    /// "1 star", "4 stars".
    func text(_ words: Words) -> String { words.counting("feedback.stars", value) }
}

extension AnimalRating {
    /// "★ 4.8", from 3 ratings up (public for `koober seed ratings`, which says what the pages will show).
    public var words: String? { shownTenths.map { "★ \($0 / 10).\($0 % 10)" } }
}

extension FieldProblem {
    /// What the pages and the API say is wrong with a field of Rate Your Ride or Report a Problem.
    func text(for field: RideFeedbackField, _ words: Words) -> String {
        switch (self, field) {
        case (.tooLong(let limit), _): limit.text(words)
        case (.missing, .stars), (.notAChoice, .stars): words("feedback.problem.chooseStars")
        case (.missing, .category), (.notAChoice, .category): words("feedback.problem.chooseCategory")
        case (.missing, .text): words("feedback.problem.tellUs")
        case (.missing, .tip), (.notAnAmount, _): words("feedback.problem.tipAmount")
        default: words("feedback.problem.chooseCompliments")
        }
    }
}

extension RideFeedbackError {
    /// The error in words; `name` names each field as the page or the API does.
    func errorMessage(_ words: Words, naming name: (RideFeedbackField) -> String) -> ErrorMessage {
        switch self {
        case .rideNotFound:
            ErrorMessage(title: words("errors.rideNotFound"), message: words("feedback.error.noSuchRide"))
        case .invalid(let problems):
            ErrorMessage(
                title: problems.keys.contains(where: { [.category, .text].contains($0) })
                    ? words("feedback.error.reportNotSent") : words("feedback.error.ratingNotSaved"),
                message: words("feedback.error.checkTheFields"),
                fieldErrors: Dictionary(
                    uniqueKeysWithValues: problems.map { (name($0.key), $0.value.text(for: $0.key, words)) }))
        case .ratingClosed:
            ErrorMessage(title: words("feedback.error.ratingNotSaved"), message: words("feedback.error.ratingClosed"))
        case .tipAlreadyGiven:
            ErrorMessage(title: words("feedback.error.tipAlreadyGiven"), message: words("feedback.error.alreadyTipped"))
        case .alreadyReported:
            ErrorMessage(
                title: words("feedback.error.alreadyReported"), message: words("feedback.error.alreadyReportedMessage"))
        }
    }
}

extension RideFeedbackField {
    /// The page's form field.
    var formFieldName: FormFieldName {
        switch self {
        case .stars: .stars
        case .compliments: .compliment
        case .tip: .tipOther
        case .category: .problemCategory
        case .text: .problemText
        }
    }
}
