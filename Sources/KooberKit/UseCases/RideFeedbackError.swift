/// Why a rating or a report was not taken. Field problems name the field and what is wrong, without words.
public enum RideFeedbackError: Error, Equatable, Sendable {
    /// Not the rider's ride, no such ride, or one that cannot be rated or reported (not finished, cancelled for a
    /// rating, or past its window): a 404, so nothing tells whether someone else's ride exists.
    case rideNotFound
    case invalid([RideFeedbackField: FieldProblem])
    /// The stars and compliments were first given more than 24 hours ago.
    case ratingClosed
    /// A tip was already given for this ride.
    case tipAlreadyGiven
    /// The ride already has its report.
    case alreadyReported
}

/// The fields of Rate Your Ride and Report a Problem, as the use cases name them in their errors.
public enum RideFeedbackField: Hashable, Sendable, CaseIterable {
    case stars
    case compliments
    case tip
    case category
    case text
}
