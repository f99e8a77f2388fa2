import Foundation
import KooberKit
import Testing

/// What every store promises for saved places and Recent (issue 33): one place per label and each label once per
/// rider, ignoring case; saving a label again moves it; a rename onto a label the rider has is refused; at most 8
/// labels of the rider's own besides Home and Work, however many saves run at once; an unknown place is refused;
/// Recent is the last distinct drop-offs, newest first; and the rider's saved places go with the rider.
struct SavedPlaceRepositoryContractTests {
    private let apple = PlaceID(2)
    private let george = PlaceID(3)

    private func rider(_ repositories: Repositories, email: String = "johnny@gmail.com") async throws -> UserID {
        try await repositories.users.create(newUser(email: email)).id
    }

    private func labels(_ repositories: Repositories, _ userID: UserID) async throws -> [String] {
        try await repositories.savedPlaces.savedPlaces(userID: userID).map { "\($0.label.text)=\($0.place.id)" }
    }

    private func own(_ text: String) -> SavedPlaceLabel { .own(text) }

    /// Where To?'s shortcuts (one read on SQLite) are the saved places and Recent as ids, Recent left out at 0.
    private func expectShortcutsAgree(
        _ repositories: Repositories, _ userID: UserID, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let saved = repositories.savedPlaces
        let shortcuts = try await saved.dropoffShortcuts(userID: userID, recentLimit: 5)
        let savedIDs = shortcuts.saved.map { "\($0.label.text)=\($0.placeID)" }
        #expect(try await savedIDs == labels(repositories, userID), sourceLocation: sourceLocation)
        let recent = try await saved.recentDropoffs(userID: userID, limit: 5).map(\.id)
        #expect(shortcuts.recent == recent, sourceLocation: sourceLocation)
        let withoutRecent = try await saved.dropoffShortcuts(userID: userID, recentLimit: 0)
        #expect(withoutRecent == DropoffShortcuts(saved: shortcuts.saved, recent: []), sourceLocation: sourceLocation)
    }

    @Test(arguments: RepositoryKind.allCases)
    func savingALabelAgainMovesItAndLabelsAreOnePerRiderIgnoringCase(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let skippy = try await rider(repositories, email: "skippy@koober.com")
            let saved = repositories.savedPlaces
            try await saved.save(userID: johnny, label: own("Gym"), placeID: moma)
            try await saved.save(userID: johnny, label: .work, placeID: apple)
            try await saved.save(userID: johnny, label: .home, placeID: operaHouse)
            try await saved.save(userID: skippy, label: .home, placeID: george)
            #expect(try await labels(repositories, johnny) == ["Home=1", "Work=2", "Gym=4"])
            try await saved.save(userID: johnny, label: .home, placeID: george)
            try await saved.save(userID: johnny, label: own("GYM"), placeID: apple)
            #expect(try await labels(repositories, johnny) == ["Home=3", "Work=2", "GYM=2"], "moved, not added")
            #expect(try await labels(repositories, skippy) == ["Home=3"], "another rider's labels are their own")
            await #expect(throws: SavedPlaceError.unknownPlace) {
                try await saved.save(userID: johnny, label: .work, placeID: noSuchPlace)
            }
            #expect(try await labels(repositories, johnny) == ["Home=3", "Work=2", "GYM=2"])
        }
    }

    /// Issue 41: "Café" with a composed é and with a combining accent, and "Straße" and "STRASSE", are one label each
    /// (compared composed and case-folded), saved, renamed or removed under either spelling.
    @Test(arguments: RepositoryKind.allCases)
    func aLabelIsOneWhetherComposedDecomposedOrFolded(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let saved = repositories.savedPlaces
            let composed = own("Caf\u{E9}")
            let decomposed = own("CAFE\u{301}")
            #expect(composed.key == decomposed.key)
            try await saved.save(userID: johnny, label: composed, placeID: moma)
            try await saved.save(userID: johnny, label: decomposed, placeID: apple)
            #expect(try await labels(repositories, johnny) == ["CAFE\u{301}=2"], "moved, not added")
            try await saved.save(userID: johnny, label: own("Stra\u{DF}e"), placeID: george)
            await #expect(throws: SavedPlaceError.labelTaken) {
                try await saved.rename(userID: johnny, label: composed, to: own("STRASSE"))
            }
            try await saved.rename(userID: johnny, label: own("strasse"), to: own("Strasse"))
            #expect(try await labels(repositories, johnny) == ["CAFE\u{301}=2", "Strasse=3"])
            #expect(try await saved.remove(userID: johnny, label: own("cafe\u{301}")))
            #expect(try await saved.remove(userID: johnny, label: own("STRA\u{DF}E")))
            #expect(try await labels(repositories, johnny).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aRenameMovesTheLabelButNeverOntoOneTheRiderHas(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let saved = repositories.savedPlaces
            try await saved.save(userID: johnny, label: .home, placeID: operaHouse)
            try await saved.save(userID: johnny, label: own("Gym"), placeID: moma)
            try await saved.rename(userID: johnny, label: own("gym"), to: own("Pool"))
            #expect(try await labels(repositories, johnny) == ["Home=1", "Pool=4"])
            await #expect(throws: SavedPlaceError.labelTaken) {
                try await saved.rename(userID: johnny, label: own("Pool"), to: .home)
            }
            await #expect(throws: SavedPlaceError.noSuchLabel) {
                try await saved.rename(userID: johnny, label: .work, to: own("Office"))
            }
            try await saved.rename(userID: johnny, label: own("Pool"), to: own("POOL"))
            try await saved.rename(userID: johnny, label: .home, to: .work)
            #expect(try await labels(repositories, johnny) == ["Work=1", "POOL=4"])
            #expect(try await saved.remove(userID: johnny, label: own("pool")))
            #expect(try await !saved.remove(userID: johnny, label: own("pool")))
            #expect(try await labels(repositories, johnny) == ["Work=1"])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aNinthLabelOfTheRidersOwnIsRefusedBesidesHomeAndWork(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let saved = repositories.savedPlaces
            try await saved.save(userID: johnny, label: .home, placeID: operaHouse)
            try await saved.save(userID: johnny, label: .work, placeID: apple)
            for number in 1...8 { try await saved.save(userID: johnny, label: own("Place \(number)"), placeID: moma) }
            await #expect(throws: SavedPlaceError.tooManyOwnLabels) {
                try await saved.save(userID: johnny, label: own("Place 9"), placeID: moma)
            }
            await #expect(throws: SavedPlaceError.tooManyOwnLabels) {
                try await saved.rename(userID: johnny, label: .home, to: own("Place 9"))
            }
            try await saved.save(userID: johnny, label: own("place 8"), placeID: george)
            try await saved.rename(userID: johnny, label: own("Place 1"), to: own("Place 9"))
            #expect(try await saved.savedPlaces(userID: johnny).count == 10)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func twoSavesAtOnceNeverPassTheLimit(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let saved = repositories.savedPlaces
            for number in 1...7 { try await saved.save(userID: johnny, label: own("Place \(number)"), placeID: moma) }
            let refused = try await withThrowingTaskGroup(of: Bool.self) { group in
                for name in ["Left", "Right", "Middle"] {
                    group.addTask {
                        do {
                            try await saved.save(userID: johnny, label: .own(name), placeID: operaHouse)
                            return false
                        } catch SavedPlaceError.tooManyOwnLabels {
                            return true
                        }
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(refused == 2)
            #expect(try await saved.savedPlaces(userID: johnny).count == 8)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func recentIsTheLastDistinctDropoffsNewestFirstWhateverTheirStatus(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let skippy = try await rider(repositories, email: "skippy@koober.com")
            let rides = repositories.rides
            #expect(try await repositories.savedPlaces.recentDropoffs(userID: johnny, limit: 5).isEmpty)
            // Each ride is left in progress until the next is requested: cancelled ones count too.
            let dropoffs = [operaHouse, apple, operaHouse, george, moma, PlaceID(5), PlaceID(6), george]
            for (index, place) in dropoffs.enumerated() {
                let ride = try await rides.requestRide(
                    newRideRequest(userID: johnny, dropoffID: place, at: referenceTime + Double(index * 60)))
                let cancelled = try #require(RideChange.cancel(ride, at: referenceTime + Double(index * 60 + 1)))
                #expect(try await rides.apply(cancelled) != nil)
            }
            _ = try await rides.requestRide(newRideRequest(userID: skippy, dropoffID: PlaceID(7)))
            let recent = try await repositories.savedPlaces.recentDropoffs(userID: johnny, limit: 5)
            #expect(recent.map(\.id) == [george, PlaceID(6), PlaceID(5), moma, operaHouse])
            #expect(recent.first?.name == "100 George Street")
            let two = try await repositories.savedPlaces.recentDropoffs(userID: johnny, limit: 2)
            #expect(two.map(\.id) == [george, PlaceID(6)])
            try await expectShortcutsAgree(repositories, johnny)
            try await repositories.savedPlaces.save(userID: johnny, label: own("Gym"), placeID: apple)
            try await repositories.savedPlaces.save(userID: johnny, label: .work, placeID: george)
            try await repositories.savedPlaces.save(userID: johnny, label: .home, placeID: moma)
            try await repositories.savedPlaces.save(userID: skippy, label: .home, placeID: PlaceID(7))
            try await expectShortcutsAgree(repositories, johnny)
            let shortcuts = try await repositories.savedPlaces.dropoffShortcuts(userID: johnny, recentLimit: 5)
            #expect(shortcuts.saved.map(\.placeID) == [moma, george, apple], "Home, Work, then the rider's own")
            try await expectShortcutsAgree(repositories, skippy)
        }
    }

    /// More of the rider's newest rides than Recent walks go to one place: the older places come from the per-place
    /// query, and the answer is the same.
    @Test(arguments: RepositoryKind.allCases)
    func recentFindsOlderPlacesBehindManyRidesToOne(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let rides = repositories.rides
            let older = [PlaceID(9), george, PlaceID(5), apple, PlaceID(9), moma, PlaceID(7)]
            let dropoffs = older + Array(repeating: operaHouse, count: RecentDropoffWalk.ridesLimit + 5)
            for (index, place) in dropoffs.enumerated() {
                let at = referenceTime + Double(index * 60)
                let ride = try await rides.requestRide(newRideRequest(userID: johnny, dropoffID: place, at: at))
                let cancelled = try #require(RideChange.cancel(ride, at: at + 1))
                #expect(try await rides.apply(cancelled) != nil)
            }
            let recent = try await repositories.savedPlaces.recentDropoffs(userID: johnny, limit: 5)
            #expect(recent.map(\.id) == [operaHouse, PlaceID(7), moma, PlaceID(9), apple])
            let one = try await repositories.savedPlaces.recentDropoffs(userID: johnny, limit: 1)
            #expect(one.map(\.id) == [operaHouse])
            try await expectShortcutsAgree(repositories, johnny)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aDeletedRidersSavedPlacesGoWithThem(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await rider(repositories)
            let skippy = try await rider(repositories, email: "skippy@koober.com")
            try await repositories.savedPlaces.save(userID: johnny, label: .home, placeID: operaHouse)
            try await repositories.savedPlaces.save(userID: skippy, label: .home, placeID: moma)
            try await repositories.users.delete(id: johnny)
            #expect(try await repositories.savedPlaces.savedPlaces(userID: johnny).isEmpty)
            #expect(try await labels(repositories, skippy) == ["Home=4"])
        }
    }
}
