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

    @Test func structsBecomeDictionariesOfTheirPropertiesNilOnesLeftOut() throws {
        let page = Page(title: "Hi", count: 3, shown: true, error: nil, note: "n",
                        options: [Option(name: "Wallabee", fare: 12.5)], fieldErrors: ["email": "taken"])
        let context = try #require(TemplateContext.make(page) as? [String: Any])
        #expect(Set(context.keys) == ["title", "count", "shown", "note", "options", "fieldErrors"])
        #expect(context["title"] as? String == "Hi")
        #expect(context["count"] as? Int == 3)
        #expect(context["shown"] as? Bool == true)
        #expect(context["note"] as? String == "n")
        let options = try #require(context["options"] as? [Any])
        let option = try #require(options.first as? [String: Any])
        #expect(option["name"] as? String == "Wallabee")
        #expect(option["fare"] as? Double == 12.5)
        #expect((context["fieldErrors"] as? [String: Any])?["email"] as? String == "taken")
    }

    @Test func templatesRenderTheSameFromTheContextAsFromTheValue() throws {
        // A nil property is looked up the context stack: an option without a note shows the page's.
        struct Line: Encodable { let name: String; let note: String? }
        struct Sheet: Encodable { let note: String; let shown: Bool; let hidden: Bool; let lines: [Line]; let missing: Line? }
        let template = try MustacheTemplate(
            string: "{{#shown}}S{{/shown}}{{^hidden}}H{{/hidden}}{{#lines}}[{{name}}:{{note}}]{{/lines}}{{#missing}}M{{/missing}}"
        )
        let sheet = Sheet(note: "page", shown: true, hidden: false,
                          lines: [Line(name: "a", note: nil), Line(name: "<b>", note: "own")], missing: nil)
        let expected = "SH[a:page][&lt;b&gt;:own]"
        #expect(template.render(sheet) == expected)
        #expect(template.render(TemplateContext.make(sheet)) == expected)
    }

    /// Every page, in each of its states, renders byte for byte as swift-mustache renders the view state itself
    /// (by reflection).
    @Test func everyPageRendersAsSwiftMustacheRendersItsViewState() async throws {
        var library = try await MustacheLibrary(directory: ProjectPaths.templates)
        try library.register("v1", named: "asset-version")
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
            let byReflection = try #require(library.render(viewState, withTemplate: template.rawValue))
            #expect(library.render(TemplateContext.make(viewState), withTemplate: template.rawValue) == byReflection)
        }
    }
}
