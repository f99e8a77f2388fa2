import Foundation
import KooberKit
import KooberMap
import Mustache
import MustacheRendering
import TestKit
import Testing

@testable import KooberWeb

@Suite struct TemplateRendererTests {
    @Test func theProjectTemplatesAllLoad() async throws {
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "v1")
        #expect(renderer.render(.welcome, WelcomeViewState()).contains("KOOBER"))
    }

    @Test func everyPageLinksItsStylesheetWithTheAssetVersion() async throws {
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "3fa9c0")
        let html = renderer.render(.welcome, WelcomeViewState())
        #expect(html.contains(#"<link rel="stylesheet" href="/css/koober.css?v=3fa9c0">"#))
        #expect(html.contains(#"src="/images/koober-logo.svg?v=3fa9c0""#))
    }

    @Test func anAssetVersionThatIsNotLettersAndDigitsStopsStartUp() async throws {
        #expect(throws: TemplateRenderer.LoadError.self) {
            try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "\"><script>")
        }
    }

    @Test func aMissingTemplateStopsStartUpNamingTheFile() async throws {
        let directory = try copyOfTemplates()
        try FileManager.default.removeItem(atPath: "\(directory)/welcome.mustache")
        #expect {
            try TemplateRenderer(directory: directory, assetVersion: "v1")
        } throws: { error in
            "\(error)".contains("welcome.mustache") && "\(error)".contains("missing")
        }
    }

    @Test func aBrokenTemplateStopsStartUpNamingTheFile() async throws {
        let directory = try copyOfTemplates()
        try "{{#error}}unclosed section".write(toFile: "\(directory)/error.mustache", atomically: true, encoding: .utf8)
        #expect {
            try TemplateRenderer(directory: directory, assetVersion: "v1")
        } throws: { error in
            "\(error)".contains("error.mustache") && "\(error)".contains("does not parse")
        }
    }

    @Test func aMissingFolderStopsStartUp() async throws {
        #expect(throws: TemplateRenderer.LoadError.self) {
            try TemplateRenderer(directory: "/nonexistent/koober-templates", assetVersion: "v1")
        }
    }

    @Test func valuesAreHTMLEscaped() async throws {
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "v1")
        let html = renderer.render(
            .error,
            ErrorPageViewState(error: .init(title: "<script>alert(1)</script>", message: "a & b"))
        )
        #expect(!html.contains("<script>alert(1)"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("a &amp; b"))
    }

    /// Every page, in each of its states, renders byte for byte as swift-mustache renders the view state itself
    /// (by reflection) from the same template files; and as the benchmarks' Hummingbird peer renders it with
    /// swift-mustache from the data Koober keeps of it (`koober --keep-view-data`: JSON, read back as plain values).
    @Test func everyPageRendersAsSwiftMustacheRendersItsViewState() async throws {
        let library = try await MustacheLibrary.koober()
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "v1")
        let words = renderer.words
        let here = Location(latitude: -33.8688, longitude: 151.2093)
        let opera = NamedLocation(
            id: PlaceID(1),
            name: "Sydney Opera House",
            location: Location(latitude: -33.8568, longitude: 151.2153)
        )
        let ride = Ride(
            id: RideID(7),
            userID: UserID(1),
            pickup: here,
            dropoff: opera,
            rideOptionID: "wallaroo",
            fareCents: 1234,
            requestedAt: Date(timeIntervalSince1970: 1_700_000_000),
            status: .finding
        )
        let finishedAt = ride.requestedAt + 600
        let finished = Ride(
            id: RideID(8), userID: UserID(1), pickup: here, dropoff: opera, rideOptionID: "wallaroo", fareCents: 1234,
            requestedAt: ride.requestedAt, status: .finished,
            assignment: RideAssignment(
                animalID: AnimalID(1), animalName: "Skippy", assignedAt: ride.requestedAt + 1, start: here,
                animalRating: AnimalRating(starsSum: 14, count: 3)),
            endedAt: finishedAt)
        let rated = RideRecord(
            ride: finished, events: [],
            feedback: RideFeedback(
                rating: RideRating(
                    stars: try #require(Stars(4)), compliments: [.friendly, .smoothHops],
                    tip: TipAmount(cents: 250), firstRatedAt: finishedAt + 1),
                report: ProblemReport(category: .fare, text: "<i>", reportedAt: finishedAt + 2)))
        let quotes = RideOption.all.map { RideQuote(option: $0, fareCents: $0.baseFareCents) }
        let problem = ErrorMessage(title: "Can't <sign> up", message: "Fix & retry", fieldErrors: ["email": "Taken"])
        let account = NewAccount(name: "Ann", nickname: "A", email: "ann@example.com", mobileNumber: "1", password: "p")
        let profile = UserProfile(
            id: UserID(1),
            name: "Ann",
            nickname: "A",
            email: "ann@example.com",
            mobileNumber: "1"
        )
        let mapTiles = try MapTiles.sydney.get()
        func pickMeUp(_ state: RideState, error: ErrorMessage? = nil) -> PickMeUpViewState {
            PickMeUpViewState(
                state: state,
                pickupLocation: here,
                quotes: quotes,
                availability: FleetAvailability(minutesAway: ["wallabee": 3, "kangaroo": 12]),
                record: nil,
                now: Date(timeIntervalSince1970: 1_700_000_000),
                riderNickname: "Ann",
                mapTiles: mapTiles,
                csrfToken: "t",
                error: error,
                words
            )
        }
        let pages: [(PageTemplate, any Encodable)] = [
            (.welcome, WelcomeViewState()),
            (.signIn, SignInViewState(csrfToken: "t", words)),
            (.signIn, SignInViewState(csrfToken: "t", email: "a&b@example.com", error: problem, words)),
            (.signUp, SignUpViewState(csrfToken: "t", words)),
            (.signUp, SignUpViewState(csrfToken: "t", account: account, error: problem, words)),
            (.ride, pickMeUp(.choosingDropoff)),
            (.ride, pickMeUp(.choosingRideOption(dropoff: opera))),  // Benchmarks/run's page
            (.ride, pickMeUp(.choosingRideOption(dropoff: opera), error: problem)),
            (.ride, pickMeUp(.following(ride))),
            (.ride, pickMeUp(.following(finished))),
            (
                .dropoffPicker,
                DropoffPickerViewState(
                    query: "op", choices: DropoffChoices(saved: [], recent: [], places: [opera]),
                    pickupLocation: here, csrfToken: "t", error: nil, templates: renderer)
            ),
            (
                .dropoffPicker,
                DropoffPickerViewState(
                    query: "",
                    choices: DropoffChoices(
                        saved: [SavedPlace(label: .own("<Mum's>"), place: opera)], recent: [opera], places: [opera]),
                    pickupLocation: here, csrfToken: "t", error: nil, templates: renderer)
            ),
            (
                .dropoffPicker,
                DropoffPickerViewState(
                    query: "zz", choices: DropoffChoices(saved: [], recent: [], places: []), pickupLocation: here,
                    csrfToken: "t", error: problem, templates: renderer)
            ),
            (.savePlace, SavePlaceViewState(place: opera, csrfToken: "t", error: nil, words)),
            (
                .savePlace,
                SavePlaceViewState(
                    place: opera, csrfToken: "t", choice: "own", ownLabel: "<b>",
                    error: SavedPlaceError.label(.missing).errorMessage(labelField: "own_label", words), words)
            ),
            (.savedPlaces, SavedPlacesViewState(places: [], csrfToken: "t", words)),
            (
                .savedPlaces,
                SavedPlacesViewState(
                    places: [SavedPlace(label: .home, place: opera), SavedPlace(label: .own("&Gym"), place: opera)],
                    csrfToken: "t", error: SavedPlaceError.labelTaken.errorMessage(labelField: "new_label", words),
                    failedRename: (label: "&gym", newLabel: "Home"), words)
            ),
            (
                .profile,
                ProfileViewState(
                    csrfToken: "t", profile: profile, emailConfirmed: false,
                    history: RideHistoryPage(rides: [ride], older: RideHistoryCursor(after: ride)),
                    notice: AccountLinkNotice.confirmationSent(to: "a&b@example.com", words), words)
            ),
            (
                .profile,
                ProfileViewState(
                    csrfToken: "t", profile: profile, emailConfirmed: true,
                    history: RideHistoryPage(rides: [], older: nil),
                    error: SendEmailConfirmationError.throttled.errorMessage(words), words)
            ),
            (
                .rideHistory,
                RideHistoryPageViewState(
                    history: RideHistoryViewState(RideHistoryPage(rides: [ride], older: nil), words))
            ),
            (
                .rideReceipt,
                RideReceiptViewState(
                    record: RideRecord(ride: ride, events: []), mapTiles: mapTiles, now: ride.requestedAt,
                    csrfToken: "t", words)
            ),
            (
                .rideReceipt,
                RideReceiptViewState(
                    record: rated, mapTiles: mapTiles, now: finishedAt + 60, csrfToken: "t",
                    ratingForm: RatingFormViewState(
                        record: rated, now: finishedAt + 60,
                        sent: RatingForm(stars: 6, compliments: ["friendly"], tipChoice: "other", otherAmount: "<1e9>"),
                        problems: [.stars: "No", .tip: "Bad & wrong"], words),
                    error: problem, words)
            ),
            (
                .rideReceipt,
                RideReceiptViewState(
                    record: RideRecord(ride: finished, events: []), mapTiles: mapTiles, now: finishedAt, csrfToken: "t",
                    words)
            ),
            (.reportProblem, ReportProblemViewState(ride: finished, csrfToken: "t", words)),
            (
                .reportProblem,
                ReportProblemViewState(
                    ride: finished, csrfToken: "t", category: "fare", text: "<b>x</b>", error: problem, words)
            ),
            (.error, ErrorPageViewState(error: problem)),
            (.profileForm, ProfileFormViewState.forgotPassword(csrfToken: "t", words)),
            (.profileForm, ProfileFormViewState.forgotPassword(email: "a&b", csrfToken: "t", error: problem, words)),
            (.profileForm, ProfileFormViewState.resetPassword(token: "a\"b", csrfToken: "t", error: problem, words)),
            (.notice, NoticeViewState.checkYourEmail(words)),
            (.notice, NoticeViewState.emailConfirmed(signedIn: true, words)),
            (.notice, NoticeViewState.confirmationLinkExpired(signedIn: false, words)),
        ]
        for language in Language.allCases where language != .english {
            let library = try await MustacheLibrary.koober(language)
            for (template, viewState) in pages {
                let bySwiftMustache = try #require(library.render(viewState, withTemplate: template.rawValue))
                #expect(
                    renderer.speaking(language).render(template, viewState) == bySwiftMustache,
                    "\(language) \(template) \(viewState)")
            }
        }
        for (template, viewState) in pages {
            let bySwiftMustache = try #require(library.render(viewState, withTemplate: template.rawValue))
            #expect(renderer.render(template, viewState) == bySwiftMustache, "\(template) \(viewState)")
            let kept = try JSONDecoder().decode(
                TemplateValue.self, from: try JSONEncoder().encode(TemplateValue(encoding: viewState)))
            let byThePeer = try #require(library.render(kept.plainValue, withTemplate: template.rawValue))
            #expect(byThePeer == bySwiftMustache, "the peer's \(template) \(viewState)")
        }

        // The page Benchmarks/run measures, kept as koober keeps it, and rendered from the file as its peer does.
        let folder = NSTemporaryDirectory() + "koober-view-data-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keeper = try ViewDataKeeper(folder: folder)
        let keeping = try TemplateRenderer(
            directory: ProjectPaths.templates, assetVersion: "v1", keepingViewData: keeper)
        let page = keeping.render(.ride, pickMeUp(.choosingRideOption(dropoff: opera)))
        let kept = try JSONDecoder().decode(
            KeptViewData.self, from: try Data(contentsOf: URL(fileURLWithPath: keeper.path(of: "ride"))))
        #expect(kept.template == "ride" && kept.assetVersion == "v1")
        #expect(library.render(kept.viewData.plainValue, withTemplate: kept.template) == page)
    }

    private func copyOfTemplates() throws -> String {
        let directory = NSTemporaryDirectory() + "koober-templates-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: ProjectPaths.templates, toPath: directory)
        return directory
    }
}
