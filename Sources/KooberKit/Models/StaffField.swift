/// A field of what `koober staff add` is given, as the use cases name it in their errors; the command line has its own
/// words for it.
public enum StaffField: Hashable, Sendable, CaseIterable {
    case email
    case name
}
