import Foundation
import KooberKit

/// A saved place's label as a rider types it (`SavedPlaceLabel(parsing:)`): any rider may send any text. Parsing
/// never traps; a label it accepts is Home, Work, or one of the rider's own of 1 to 30 characters and at most 120
/// bytes with no white space at either end, no control character, and never "home" or "work" in any case; its key is
/// composed (NFC), its own key, and the key of its text decomposed too (issue 41); and its text parses back to the
/// same label.
public struct SavedPlaceLabelFuzzTarget: FuzzTarget {
    public let name = "saved-place-label"

    public init() {}

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let label = try? SavedPlaceLabel(parsing: text) else { return }
        if case .own(let own) = label {
            guard (1...SavedPlaceLabel.limit.maximum).contains(own.count),
                own.utf8.count <= SavedPlaceLabel.limit.maximumBytes
            else {
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
        let key = label.key
        guard key.utf8.elementsEqual(key.precomposedStringWithCanonicalMapping.utf8),
            SavedPlaceLabel.key(of: key).utf8.elementsEqual(key.utf8),
            SavedPlaceLabel.key(of: label.text.decomposedStringWithCanonicalMapping).utf8.elementsEqual(key.utf8)
        else {
            throw FuzzFinding("\(text.debugDescription) has a key that is not composed and folded once for all")
        }
        guard (try? SavedPlaceLabel(parsing: label.text)) == label else {
            throw FuzzFinding("\(text.debugDescription) gave \(label.text.debugDescription), which reads otherwise")
        }
    }
}
