/// What is wrong with a request Koober Cloud cannot read (a 400, `CloudError.malformed`), said in the caller's words:
/// a message for the whole request, and what is wrong with the field it names, when it names one.
enum CloudRequestProblem: Sendable, Equatable {
    case noBody
    case notJSON
    case missingField
    case wrongType
    /// A key the request's type does not know (`refuseUnknownKeys`).
    case unknownField
    /// A value the field's type does not take (a label or compliment Koober does not have).
    case invalidValue
    case badQueryEncoding
    case missingQueryValue(name: String)
    case notANumber(name: String)
    case notOnEarth
    case notACursor
    case noHost

    func message(_ words: Words) -> String {
        switch self {
        case .noBody: words("cloud.needsAJSONBody")
        case .notJSON: words("cloud.bodyIsNotJSON")
        case .missingField: words("cloud.aFieldIsMissing")
        case .wrongType: words("cloud.aFieldHasTheWrongType")
        case .unknownField: words("cloud.aFieldKooberDoesNotKnow")
        case .invalidValue: words("cloud.aFieldHasAValueKooberDoesNotTake")
        case .badQueryEncoding: words("cloud.queryIsNotUTF8")
        case .missingQueryValue(let name): words("cloud.queryNeeds", ["name": name])
        case .notANumber(let name): words("cloud.isNotANumber", ["name": name])
        case .notOnEarth: words("cloud.coordinatesAreNotOnEarth")
        case .notACursor: words("cloud.notACursorKooberGave")
        case .noHost: words("cloud.needsAHostHeader")
        }
    }

    /// What is wrong with the field at fault; `nil` when the message says it.
    func fieldProblem(_ words: Words) -> String? {
        switch self {
        case .missingField, .missingQueryValue: words("cloud.thisFieldIsRequired")
        case .wrongType: words("cloud.thisFieldHasTheWrongType")
        case .unknownField: words("cloud.kooberDoesNotKnowThisField")
        case .invalidValue: words("cloud.kooberDoesNotTakeThisValue")
        case .notANumber: words("cloud.notANumber")
        case .notOnEarth: words("cloud.latitudeAndLongitudeRange")
        case .notACursor: words("cloud.useAnEarlierPagesCursor")
        case .noHost: words("cloud.aHostNameWithItsPort")
        case .noBody, .notJSON, .badQueryEncoding: nil
        }
    }
}
