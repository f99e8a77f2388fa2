import KooberKit

// The saved places' errors in the words riders read, for the pages and the API alike.

extension SavedPlaceLabelProblem {
    var words: String {
        switch self {
        case .missing: "Please choose Home or Work, or type a name of your own."
        case .tooLong(let limit): limit.words
        case .controlCharacter: "Please use letters, digits, spaces and punctuation only."
        }
    }
}

extension SavedPlaceError {
    /// The error, with a label's problem under `labelField` (the form's field, or the API's key).
    func errorMessage(labelField: String) -> ErrorMessage {
        switch self {
        case .label(let problem):
            ErrorMessage(title: "Label Not Saved", message: problem.words, fieldErrors: [labelField: problem.words])
        case .unknownPlace:
            ErrorMessage(
                title: "Unknown Place", message: "That place is not one Koober knows. Please choose from the list.")
        case .tooManyOwnLabels:
            ErrorMessage(
                title: "Too Many Saved Places",
                message: "You can save Home, Work and \(SavedPlaceLabel.ownLabelsAllowed) places of your own. "
                    + "Remove or rename one first.",
                fieldErrors: [labelField: "Remove one of your own labels first, or save this place as Home or Work."])
        case .labelTaken:
            ErrorMessage(
                title: "Label Taken", message: "You already have a saved place with that label.",
                fieldErrors: [labelField: "You already have a saved place with that label."])
        case .noSuchLabel:
            ErrorMessage(title: "No Such Saved Place", message: "You have no saved place with that label.")
        }
    }
}
