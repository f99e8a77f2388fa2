import KooberKit
import Testing

/// The one rule every store applies to a rider's labels (`SavedPlaceLabelRule`), from the keys it read: a label once
/// per rider ignoring case, saving a label again moves it, at most 8 of the rider's own besides Home and Work.
struct SavedPlaceLabelRuleTests {
    private let eightOwn = (1...8).map { SavedPlaceLabel.own("Place \($0)") }

    private func rule(_ labels: [SavedPlaceLabel]) -> SavedPlaceLabelRule {
        SavedPlaceLabelRule(storedKeys: labels.map(\.key))
    }

    @Test func aNinthOwnLabelIsRefusedButHomeWorkAndLabelsTheRiderHasAreSaved() {
        let full = rule(eightOwn + [.home])
        #expect(full.refusalToSave(.own("Ninth")) == .tooManyOwnLabels)
        #expect(full.refusalToSave(.home) == nil)
        #expect(full.refusalToSave(.work) == nil)
        #expect(full.refusalToSave(.own("PLACE 3")) == nil, "a label the rider has moves, whatever its case")
        #expect(rule(Array(eightOwn.prefix(7)) + [.home, .work]).refusalToSave(.own("Eighth")) == nil)
    }

    @Test func keysAreCompared() {
        let rule = rule([.own("Café")])
        #expect(rule.refusalToSave(.own("CAFE\u{301}")) == nil)
        #expect(rule.refusalToRename(.own("cafe\u{301}"), to: .own("CAFÉ")) == nil, "only the case changes")
    }

    @Test func aRenameNeedsTheLabelAndAFreeNewOne() {
        let rule = rule([.home, .own("Gym"), .own("Pool")])
        #expect(rule.refusalToRename(.work, to: .own("Office")) == .noSuchLabel)
        #expect(rule.refusalToRename(.own("Gym"), to: .own("POOL")) == .labelTaken)
        #expect(rule.refusalToRename(.own("Gym"), to: .home) == .labelTaken)
        #expect(rule.refusalToRename(.own("Gym"), to: .work) == nil)
        #expect(rule.refusalToRename(.own("Gym"), to: .own("Climbing")) == nil)
        #expect(rule.refusalToRename(.home, to: .own("House")) == nil)
    }

    @Test func homeOrWorkRenamedIntoANinthOwnLabelIsRefusedButAnOwnOneRenamedIsNot() {
        let full = rule(eightOwn + [.home, .work])
        #expect(full.refusalToRename(.home, to: .own("House")) == .tooManyOwnLabels)
        #expect(full.refusalToRename(.work, to: .own("Office")) == .tooManyOwnLabels)
        #expect(full.refusalToRename(.own("Place 1"), to: .own("Gym")) == nil)
        #expect(full.refusalToRename(.own("Place 1"), to: .home) == .labelTaken)
        #expect(rule(eightOwn + [.home]).refusalToRename(.own("Place 1"), to: .work) == nil)
    }
}
