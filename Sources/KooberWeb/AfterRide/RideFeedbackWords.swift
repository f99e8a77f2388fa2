import KooberKit

// The words of Rate Your Ride and Report a Problem: compliments, categories, stars and the use cases' errors.

extension Compliment {
    var words: String {
        switch self {
        case .smoothHops: "Smooth hops"
        case .greatConversation: "Great conversation"
        case .knewTheWay: "Knew the way"
        case .friendly: "Friendly"
        }
    }
}

extension ProblemCategory {
    var words: String {
        switch self {
        case .fare: "Fare"
        case .route: "Route"
        case .lostItem: "Lost item"
        case .safety: "Safety"
        case .somethingElse: "Something else"
        }
    }
}

extension Stars {
    /// "1 star", "4 stars".
    var words: String { value == 1 ? "1 star" : "\(value) stars" }
}

extension AnimalRating {
    /// "★ 4.8", from 3 ratings up (public for `koober seed ratings`, which says what the pages will show).
    public var words: String? { shownTenths.map { "★ \($0 / 10).\($0 % 10)" } }
}

extension FieldProblem {
    /// What the pages and the API say is wrong with a field of Rate Your Ride or Report a Problem.
    func words(for field: RideFeedbackField) -> String {
        switch (self, field) {
        case (.tooLong(let limit), _): limit.words
        case (.missing, .stars), (.notAChoice, .stars): "Please choose 1 to 5 stars."
        case (.missing, .category), (.notAChoice, .category): "Please choose what the problem is about."
        case (.missing, .text): "Please tell us what happened."
        case (.missing, .tip), (.notAnAmount, _): "Please enter a tip from A$0.50 to A$50.00, like 12.50."
        default: "Please choose from the compliments shown."
        }
    }
}

extension RideFeedbackError {
    /// The error in words; `name` names each field as the page or the API does.
    func errorMessage(naming name: (RideFeedbackField) -> String) -> ErrorMessage {
        switch self {
        case .rideNotFound:
            ErrorMessage(title: "Ride Not Found", message: "There is no such ride of yours to rate or report.")
        case .invalid(let problems):
            ErrorMessage(
                title: problems.keys.contains(where: { [.category, .text].contains($0) })
                    ? "Report Not Sent" : "Rating Not Saved",
                message: "Please check the fields marked below.",
                fieldErrors: Dictionary(
                    uniqueKeysWithValues: problems.map { (name($0.key), $0.value.words(for: $0.key)) }))
        case .ratingClosed:
            ErrorMessage(
                title: "Rating Not Saved", message: "A rating can be changed for 24 hours after it was first given.")
        case .tipAlreadyGiven:
            ErrorMessage(title: "Tip Already Given", message: "You have already tipped for this ride, thank you.")
        case .alreadyReported:
            ErrorMessage(title: "Already Reported", message: "You have already reported a problem with this ride.")
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
