import KooberKit

/// A saved place's label as a rider types it (`SavedPlaceLabel(parsing:)`): any rider may send any text. Parsing
/// never traps; a label it accepts is Home, Work, or one of the rider's own of 1 to 30 characters with no white space
/// at either end, no control character, and never "home" or "work" in any case; its key is its text lower-cased; and
/// its text parses back to the same label.
public struct SavedPlaceLabelFuzzTarget: FuzzTarget {
    public let name = "saved-place-label"

    public init() {}

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let label = try? SavedPlaceLabel(parsing: text) else { return }
        if case .own(let own) = label {
            guard (1...SavedPlaceLabel.limit.maximum).contains(own.count) else {
                throw FuzzFinding("\(text.debugDescription) gave a label of \(own.count) characters")
            }
            guard own.first?.isWhitespace == false, own.last?.isWhitespace == false else {
                throw FuzzFinding("\(text.debugDescription) gave a label with white space at an end")
            }
            guard !own.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw FuzzFinding("\(text.debugDescription) gave a label with a control character")
            }
            guard !["home", "work"].contains(own.lowercased()) else {
                throw FuzzFinding("\(text.debugDescription) gave an own label that is Home or Work")
            }
        }
        guard label.key == label.text.lowercased() else {
            throw FuzzFinding("\(text.debugDescription) has a key that is not its text lower-cased")
        }
        guard (try? SavedPlaceLabel(parsing: label.text)) == label else {
            throw FuzzFinding("\(text.debugDescription) gave \(label.text.debugDescription), which reads otherwise")
        }
    }
}
