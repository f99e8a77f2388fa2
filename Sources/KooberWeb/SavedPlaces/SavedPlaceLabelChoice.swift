/// Save's choice of label, as its radio buttons send it: Home, Work, or the rider's own typed beside it.
enum SavedPlaceLabelChoice: String, CaseIterable, Sendable {
    case home
    case work
    case own

    /// The label the form asks for, as a rider would type it: the choice's, or the text typed (when the choice is the
    /// rider's own, or none was made but a name was typed); empty when neither says one.
    static func label(choice: String?, ownLabel: String) -> String {
        switch choice.flatMap(SavedPlaceLabelChoice.init(rawValue:)) {
        case .home: "Home"
        case .work: "Work"
        case .own, nil: ownLabel
        }
    }
}
