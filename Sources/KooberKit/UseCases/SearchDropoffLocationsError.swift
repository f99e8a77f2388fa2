/// Why a search for places did not run.
public enum SearchDropoffLocationsError: Error, Equatable, Sendable {
    /// The query is over `FieldLimit.search`.
    case queryTooLong(FieldLimit)
}
