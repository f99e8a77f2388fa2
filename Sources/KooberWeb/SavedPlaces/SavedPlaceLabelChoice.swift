import KooberKit

/// Save's choice of label, as its radio buttons send it: Home, Work, or the rider's own typed beside it.
enum SavedPlaceLabelChoice: String, CaseIterable, Sendable {
    case home
    case work
    case own

    /// The words beside its radio button.
    func title(_ words: Words) -> String {
        switch self {
        case .home: SavedPlaceLabel.home.shown(words)
        case .work: SavedPlaceLabel.work.shown(words)
        case .own: words("savedPlaces.ownLabelChoice")
        }
    }

    /// The label the form asks for, as a rider would type it: the choice's, or the text typed (when the choice is the
    /// rider's own, or none was made but a name was typed); empty when neither says one.
    static func label(choice: String?, ownLabel: String) -> String {
        switch choice.flatMap(SavedPlaceLabelChoice.init(rawValue:)) {
        case .home: SavedPlaceLabel.home.text
        case .work: SavedPlaceLabel.work.text
        case .own, nil: ownLabel
        }
    }
}
