import KooberKit

extension SavedPlaceLabel {
    /// The label as a rider reads it in `words`' language: Home and Work in it, a label of their own as they typed
    /// it. What is stored, and what the Rename and Remove forms send, stays `text`.
    func shown(_ words: Words) -> String {
        switch self {
        case .home: words("savedPlaces.homeLabel")
        case .work: words("savedPlaces.workLabel")
        case .own(let text): text
        }
    }
}
