import Foundation
import KooberKit
import KooberKitTestDoubles
import TestKit
import Testing

/// Saved places' rules (issue 33) on the in-memory store: what a label is (Home and Work in any case, the rider's own
/// trimmed, 1 to 30 characters, no control characters), saving, renaming and removing through the use cases, and the
/// drop-off picker's lists (Saved and Recent with the search empty; a search that finds a place by its label).
@Suite struct SavedPlaceUseCaseTests {
    let stores = StoreServices.inMemory()
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func rider() async throws -> UserID {
        try await stores.users.create(
            NewUser(
                name: "Zoë Example", nickname: "Zoë", email: "zoe@example.com", mobileNumber: "0400 000 000",
                passwordHash: FakePasswordHasher.fakeHash(of: "password"))
        ).id
    }

    private func save(_ label: String, _ placeID: PlaceID?, for userID: UserID) async throws {
        try await SavePlaceUseCase(
            userID: userID, label: label, placeID: placeID, savedPlaceRepository: stores.savedPlaces
        ).run()
    }

    private func choices(_ query: String, for userID: UserID) async throws -> DropoffChoices {
        try await LoadDropoffChoicesUseCase(
            search: SearchDropoffLocationsUseCase(
                query: query, pickupLocation: SydneyLocator.sydney, placeRepository: stores.places),
            savedPlaces: LoadSavedPlacesUseCase(userID: userID, savedPlaceRepository: stores.savedPlaces)
        ).run()
    }

    @Test(arguments: [
        ("home", SavedPlaceLabel.home), ("  HOME\n", .home), ("Work", .work), ("wOrK", .work), (" Gym ", .own("Gym")),
        ("Mum's place", .own("Mum's place")), ("Home sweet home", .own("Home sweet home")),
        (String(repeating: "é", count: 30), .own(String(repeating: "é", count: 30))),
    ])
    func aLabelIsReadTrimmedWithHomeAndWorkInAnyCase(text: String, label: SavedPlaceLabel) throws {
        #expect(try SavedPlaceLabel(parsing: text) == label)
    }

    @Test(arguments: [
        ("", SavedPlaceLabelProblem.missing), ("   \t ", .missing),
        (String(repeating: "x", count: 31), .tooLong(SavedPlaceLabel.limit)), ("Gym\u{0}", .controlCharacter),
        ("Tab\there", .controlCharacter),
    ])
    func aLabelThatIsNotOneIsRefusedWithItsProblem(text: String, problem: SavedPlaceLabelProblem) {
        #expect(throws: problem) { try SavedPlaceLabel(parsing: text) }
    }

    @Test func labelsAreComparedIgnoringCaseAndListedHomeWorkThenByName() {
        #expect(SavedPlaceLabel.own("GYM").key == SavedPlaceLabel.own("gym").key)
        let labels: [SavedPlaceLabel] = [.own("zoo"), .work, .own("Beach"), .home]
        #expect(labels.sorted(by: SavedPlaceLabel.listedBefore) == [.home, .work, .own("Beach"), .own("zoo")])
        #expect(labels.listedByLabel { $0 } == [.home, .work, .own("Beach"), .own("zoo")])
    }

    /// The stores list by `listedByLabel`, which works each key out once: the order is `listedBefore`'s.
    @Test func listingByLabelIsListedBeforesOrder() {
        var generator = SeededGenerator(seed: 21)
        let words = ["home", "Work", "beach", "Beach", "école", "Zoo", "zoo ", "Gym 2", "gym 10", "Ärzte", "mum's"]
        for _ in 0..<500 {
            let labels = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                SavedPlaceLabel(stored: words.randomElement(using: &generator) ?? "")
            }
            let listed = labels.listedByLabel { $0 }
            #expect(listed.map(\.key) == labels.sorted(by: SavedPlaceLabel.listedBefore).map(\.key), "\(labels)")
        }
    }

    /// Issue 41: "Café" composed and decomposed, and "Straße" and "STRASSE", are one label each: compared after NFC
    /// and case folding, through the use cases as a rider types them.
    @Test func theSameLabelSpelledTwoWaysIsSavedOnce() async throws {
        let zoe = try await rider()
        try await save("Caf\u{E9}", PlaceID(4), for: zoe)
        try await save("  CAFE\u{301} ", PlaceID(2), for: zoe)
        try await save("Stra\u{DF}e", PlaceID(3), for: zoe)
        try await save("STRASSE", PlaceID(1), for: zoe)
        let saved = try await stores.savedPlaces.savedPlaces(userID: zoe)
        #expect(saved.map(\.label.text) == ["CAFE\u{301}", "STRASSE"])
        #expect(saved.map(\.place.id) == [PlaceID(2), PlaceID(1)])
        try await RenameSavedPlaceUseCase(
            userID: zoe, label: "caf\u{E9}", newLabel: "Coffee", savedPlaceRepository: stores.savedPlaces
        ).run()
        #expect(try await stores.savedPlaces.savedPlaces(userID: zoe).map(\.label.text) == ["Coffee", "STRASSE"])
        #expect(SavedPlaceLabel.own("\u{3A3}\u{399}\u{3A3}\u{3A5}\u{3A6}\u{39F}\u{3A3}").key == "σισυφοσ")
        #expect(SavedPlaceLabel.own("Gym").key == "gym")
    }

    /// Keys stored by the old rule (lower-cased only) are made again by migration (SQLite's 16, PostgreSQL's 12):
    /// a changed key moves, and of two labels that became one, the one whose key was right stays, else the first.
    @Test func storedKeysAreRewrittenAndLabelsThatBecameOneKeepOne() {
        let rows = [
            SavedPlaceKeyRewrite.Row(userID: 1, key: "gym", label: "Gym", placeID: 1),
            SavedPlaceKeyRewrite.Row(userID: 1, key: "caf\u{E9}", label: "Caf\u{E9}", placeID: 2),
            SavedPlaceKeyRewrite.Row(userID: 1, key: "cafe\u{301}", label: "Cafe\u{301}", placeID: 3),
            SavedPlaceKeyRewrite.Row(userID: 2, key: "stra\u{DF}e", label: "Stra\u{DF}e", placeID: 4),
            SavedPlaceKeyRewrite.Row(userID: 2, key: "strasse", label: "STRASSE", placeID: 5),
            SavedPlaceKeyRewrite.Row(userID: 3, key: "e\u{301}cole", label: "E\u{301}cole", placeID: 6),
        ]
        let rewrite = SavedPlaceKeyRewrite(rows: rows)
        #expect(rewrite.deletions.map(\.userID) == [1, 2, 3])
        #expect(
            rewrite.insertions.map { "\($0.userID) \($0.placeID)" } == ["3 6"],
            "the composed café and STRASSE were right; école moves")
        #expect(rewrite.insertions.first.map { Array($0.key.unicodeScalars) } == Array("\u{E9}cole".unicodeScalars))
    }

    @Test func savingRefusesABadLabelAndAnUnknownPlaceAndChangesNothing() async throws {
        let zoe = try await rider()
        await #expect(throws: SavedPlaceError.label(.missing)) { try await save(" ", PlaceID(1), for: zoe) }
        await #expect(throws: SavedPlaceError.unknownPlace) { try await save("Home", nil, for: zoe) }
        await #expect(throws: SavedPlaceError.unknownPlace) { try await save("Home", PlaceID(999), for: zoe) }
        #expect(try await stores.savedPlaces.savedPlaces(userID: zoe).isEmpty)
    }

    @Test func renameAndRemoveNameTheSavedPlaceByItsLabelInAnyCase() async throws {
        let zoe = try await rider()
        try await save("Gym", PlaceID(4), for: zoe)
        try await RenameSavedPlaceUseCase(
            userID: zoe, label: "GYM", newLabel: " Pool ", savedPlaceRepository: stores.savedPlaces
        ).run()
        await #expect(throws: SavedPlaceError.label(.tooLong(SavedPlaceLabel.limit))) {
            try await RenameSavedPlaceUseCase(
                userID: zoe, label: "Pool", newLabel: String(repeating: "y", count: 40),
                savedPlaceRepository: stores.savedPlaces
            ).run()
        }
        await #expect(throws: SavedPlaceError.noSuchLabel) {
            try await RenameSavedPlaceUseCase(
                userID: zoe, label: "", newLabel: "Home", savedPlaceRepository: stores.savedPlaces
            ).run()
        }
        #expect(try await stores.savedPlaces.savedPlaces(userID: zoe).map(\.label) == [.own("Pool")])
        await #expect(throws: SavedPlaceError.noSuchLabel) {
            try await RemoveSavedPlaceUseCase(userID: zoe, label: "Gym", savedPlaceRepository: stores.savedPlaces).run()
        }
        try await RemoveSavedPlaceUseCase(userID: zoe, label: "pool", savedPlaceRepository: stores.savedPlaces).run()
        #expect(try await stores.savedPlaces.savedPlaces(userID: zoe).isEmpty)
    }

    @Test func theEmptySearchListsSavedAndRecentAndASearchFindsALabel() async throws {
        let zoe = try await rider()
        try await save("Home", PlaceID(4), for: zoe)
        try await save("Beach house", PlaceID(2), for: zoe)
        for (index, place) in [PlaceID(1), PlaceID(3), PlaceID(1)].enumerated() {
            let ride = try await stores.rides.requestRide(
                NewRideRequest(
                    userID: zoe, pickup: SydneyLocator.sydney, dropoffID: place, rideOptionID: "wallaroo",
                    fareCents: 1_234, requestedAt: now + Double(index * 60)))
            _ = try await stores.rides.apply(try #require(RideChange.cancel(ride, at: now + Double(index * 60 + 1))))
        }
        let empty = try await choices("", for: zoe)
        #expect(empty.saved.map(\.label.text) == ["Home", "Beach house"])
        #expect(empty.recent.map(\.id) == [PlaceID(1), PlaceID(3)])
        #expect(empty.places.count == SydneyPlaces.all.count)

        let home = try await choices("HOME", for: zoe)
        #expect(home.places.map(\.id) == [PlaceID(4)])
        #expect(home.saved.isEmpty && home.recent.isEmpty)
        let beach = try await choices("beach", for: zoe)
        #expect(beach.places.first?.id == PlaceID(2), "the label's place first, then the names that match")
        #expect(beach.places.dropFirst().allSatisfy { $0.name.localizedCaseInsensitiveContains("beach") })
        #expect(beach.places.count > 1)
    }
}
