import KooberKit

// The saved places' errors in the words riders read, for the pages and the API alike.

extension SavedPlaceLabelProblem {
    func text(_ words: Words) -> String {
        switch self {
        case .missing: words("errors.pleaseChooseHomeOrWork")
        case .tooLong(let limit): limit.text(words)
        case .controlCharacter: words("errors.pleaseUseLettersDigitsSpaces")
        }
    }
}

extension SavedPlaceError {
    /// The error, with a label's problem under `labelField` (the form's field, or the API's key).
    func errorMessage(labelField: String, _ words: Words) -> ErrorMessage {
        switch self {
        case .label(let problem):
            ErrorMessage(
                title: words("errors.labelNotSaved"), message: problem.text(words),
                fieldErrors: [labelField: problem.text(words)])
        case .unknownPlace:
            ErrorMessage(
                title: words("errors.unknownPlace"), message: words("errors.thatPlaceIsNotOne"))
        case .tooManyOwnLabels:
            ErrorMessage(
                title: words("errors.tooManySavedPlaces"),
                message: words("errors.youCanSaveHomeWork", ["count": String(SavedPlaceLabel.ownLabelsAllowed)]),
                fieldErrors: [labelField: words("errors.removeOneOfYourOwn")])
        case .labelTaken:
            ErrorMessage(
                title: words("errors.labelTaken"), message: words("errors.youAlreadyHaveASaved"),
                fieldErrors: [labelField: words("errors.youAlreadyHaveASaved")])
        case .noSuchLabel:
            ErrorMessage(title: words("errors.noSuchSavedPlace"), message: words("errors.youHaveNoSavedPlace"))
        }
    }
}
