import Foundation
import KooberKit
import KooberTestSupport
import Mustache
import Testing

@testable import KooberWeb

@Suite struct TemplateContextTests {
    struct Option: Encodable {
        let name: String
        let fare: Double
    }

    struct Page: Encodable {
        let title: String
        let count: Int
        let shown: Bool
        let error: String?
        let note: String?
        let options: [Option]
        let fieldErrors: [String: String]
    }

    @Test func structsBecomeObjectsOfTheirPropertiesNilOnesLeftOut() throws {
        let page = Page(title: "Hi", count: 3, shown: true, error: nil, note: "n",
                        options: [Option(name: "Wallabee", fare: 12.5)], fieldErrors: ["email": "taken"])
        guard case .object(let context) = TemplateContext.make(page) else {
            Issue.record("not an object")
            return
        }
        #expect(Set(context.keys) == ["title", "count", "shown", "note", "options", "fieldErrors"])
        #expect(context["title"].text == "Hi")
        #expect(context["count"].text == "3")
        #expect(context["shown"].flatMap { if case .bool(let bool) = $0 { bool } else { nil } } == true)
        #expect(context["note"].text == "n")
        guard case .list(let options)? = context["options"], case .object(let option)? = options.first else {
            Issue.record("options are not a list of objects")
            return
        }
        #expect(option["name"].text == "Wallabee")
        #expect(option["fare"].text == "12.5")
        #expect(context["fieldErrors"]?.value(at: ["email"]).text == "taken")
    }

    @Test func templatesRenderTheSameFromTheContextAsSwiftMustacheFromTheValue() throws {
        // A nil property is looked up the context stack: an option without a note shows the page's.
        struct Line: Encodable { let name: String; let note: String? }
        struct Sheet: Encodable { let note: String; let shown: Bool; let hidden: Bool; let lines: [Line]; let missing: Line? }
        let text = "{{#shown}}S{{/shown}}{{^hidden}}H{{/hidden}}{{#lines}}[{{name}}:{{note}}]{{/lines}}{{#missing}}M{{/missing}}"
        let sheet = Sheet(note: "page", shown: true, hidden: false,
                          lines: [Line(name: "a", note: nil), Line(name: "<b>", note: "own")], missing: nil)
        let expected = "SH[a:page][&lt;b&gt;:own]"
        #expect(try MustacheTemplate(string: text).render(sheet) == expected)
        let library = TemplateLibrary(["sheet": try TemplateParser.parse(text)])
        #expect(library.render(TemplateContext.make(sheet), withTemplate: "sheet") == expected)
    }

    /// Every page, in each of its states, renders byte for byte as swift-mustache renders the view state itself
    /// (by reflection) from the same template files.
    @Test func everyPageRendersAsSwiftMustacheRendersItsViewState() async throws {
        var library = try await MustacheLibrary(directory: ProjectPaths.templates)
        try library.register("v1", named: "asset-version")
        let renderer = try TemplateRenderer(directory: ProjectPaths.templates, assetVersion: "v1")
        let here = Location(latitude: -33.8688, longitude: 151.2093)
        let opera = NamedLocation(id: PlaceID(1), name: "Sydney Opera House", location: Location(latitude: -33.8568, longitude: 151.2153))
        let ride = Ride(
            id: RideID(7), userID: UserID(1), pickup: here, dropoff: opera, rideOptionID: "wallaroo", fareCents: 1234,
            requestedAt: Date(timeIntervalSince1970: 1_700_000_000), status: .waitingForPickup
        )
        let quotes = RideOption.all.map { RideQuote(option: $0, fareCents: $0.baseFareCents) }
        let problem = ErrorMessage(title: "Can't <sign> up", message: "Fix & retry", fieldErrors: ["email": "Taken"])
        let account = NewAccount(name: "Ann", nickname: "A", email: "ann@example.com", mobileNumber: "1", password: "p")
        let profile = UserProfile(id: UserID(1), name: "Ann", nickname: "A", email: "ann@example.com", mobileNumber: "1")
        func pickMeUp(_ state: RideState, error: ErrorMessage? = nil) -> PickMeUpViewState {
            PickMeUpViewState(state: state, pickupLocation: here, quotes: quotes, riderNickname: "Ann", csrfToken: "t",
                              error: error)
        }
        let pages: [(PageTemplate, any Encodable)] = [
            (.welcome, WelcomeViewState()),
            (.signIn, SignInViewState(csrfToken: "t")),
            (.signIn, SignInViewState(csrfToken: "t", email: "a&b@example.com", error: problem)),
            (.signUp, SignUpViewState(csrfToken: "t")),
            (.signUp, SignUpViewState(csrfToken: "t", account: account, error: problem)),
            (.ride, pickMeUp(.choosingDropoff)),
            (.ride, pickMeUp(.choosingRideOption(dropoff: opera), error: problem)),
            (.ride, pickMeUp(.waitingForPickup(ride))),
            (.dropoffPicker, DropoffPickerViewState(query: "op", places: [opera], pickupLocation: here, csrfToken: "t", error: nil)),
            (.dropoffPicker, DropoffPickerViewState(query: "zz", places: [], pickupLocation: here, csrfToken: "t", error: problem)),
            (.profile, ProfileViewState(csrfToken: "t", profile: profile, rides: [ride])),
            (.profile, ProfileViewState(csrfToken: "t", profile: profile, rides: [])),
            (.error, ErrorPageViewState(error: problem)),
        ]
        for (template, viewState) in pages {
            let bySwiftMustache = try #require(library.render(viewState, withTemplate: template.rawValue))
            #expect(renderer.render(template, viewState) == bySwiftMustache, "\(template) \(viewState)")
        }
    }
}

private extension Optional<TemplateValue> {
    var text: String? {
        if case .text(let text)? = self { text } else { nil }
    }
}
