import KooberKit

/// What Koober Ops says of riders' accounts and their refusals.
enum OpsRiderWords {
    static let noSuchRider = ErrorMessage(
        title: "No Such Rider", message: "No rider has that email, and no ride has that id.")

    static func message(for error: RiderAccountError, _ words: Words) -> ErrorMessage {
        switch error {
        case .notAllowed: OpsResponder.notAllowedMessage
        case .noSuchRider: ErrorMessage(title: "No Such Rider", message: "There is no rider with this id.")
        case .alreadyLocked:
            ErrorMessage(title: "Already Locked", message: "This account was locked already. Nothing was changed.")
        case .notLocked:
            ErrorMessage(title: "Not Locked", message: "This account is not locked. Nothing was changed.")
        case .reason(let problem):
            ErrorMessage(
                title: "Give a Reason", message: reasonWords(problem, words),
                fieldErrors: ["reason": reasonWords(problem, words)])
        }
    }

    static func reasonWords(_ problem: FieldProblem, _ words: Words) -> String {
        switch problem {
        case .missing: "Please say why."
        case .tooLong(let limit): limit.text(words)
        default: "Please say why, in words."
        }
    }
}
