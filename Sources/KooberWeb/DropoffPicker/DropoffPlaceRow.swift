import KooberKit
import MustacheRendering
import Synchronization

/// One place's row on Where To?: a button choosing it (a small form with the page's CSRF token), its distance from the
/// pick-up and, in All places, its Save link.
///
/// A row's markup depends only on these values and the page's token, so it is rendered from its partial once, with a
/// stand-in for the token, split there and kept: a page's rows then cost a few appends each instead of a template
/// walk each (docs/performance.md, *Where To?*). The bytes are the partial's, exactly as rendering it with the token.
struct DropoffPlaceRow: Hashable, Sendable, Encodable {
    enum Section: String, Hashable, Sendable, Encodable {
        case saved, recent, all

        var template: PageTemplate {
            switch self {
            case .saved: .dropoffSavedRow
            case .recent: .dropoffRecentRow
            case .all: .dropoffPlaceRow
            }
        }
    }

    /// What makes its button's id and its distance's unique on the page (a place may be in each section, and in Saved
    /// under several labels: there its position tells it apart).
    let section: Section
    let position: Int?
    let id: String
    let name: String
    let distance: String
    /// Its label, in Saved.
    let label: String?
    /// Save's page for it, in the list of places.
    let savePath: String
    let selectAction = Route.selectDropoff.path
    /// What the partial is rendered with in place of the page's token; its first occurrence is where the token goes.
    let csrfToken = Self.tokenStandIn

    init(
        _ place: NamedLocation, label: String? = nil, section: Section, position: Int? = nil,
        from pickupLocation: Location
    ) {
        self.section = section
        self.position = position
        id = String(place.id.rawValue)
        name = place.name
        distance = Kilometres(pickupLocation.kilometres(to: place.location)).description
        self.label = label
        savePath = Route.newSavedPlacePath(for: place.id)
    }

    static let tokenStandIn = "\u{FFFF}csrf-token\u{FFFF}"

    /// The rows' markup, one after another, each with `csrfToken` in its form.
    static func html(_ rows: [DropoffPlaceRow], csrfToken: String, templates: TemplateRenderer) -> String {
        let token = String.htmlEscaped(csrfToken)
        let kept = rendered.withLock { rendered in rows.map { rendered[$0] } }
        var html = ""
        html.reserveCapacity(rows.count * 512)
        for (row, halves) in zip(rows, kept) {
            let halves = halves ?? row.render(templates)
            html += halves.beforeToken
            if let afterToken = halves.afterToken {
                html += token
                html += afterToken
            }
        }
        return html
    }

    /// The most recent `renderedLimit` rows are kept (half a kilobyte each); when the store is full it starts again
    /// empty. The places are Koober's and the labels a rider's few, so a full store is rare.
    static let renderedLimit = 4096
    private static let rendered = Mutex<[DropoffPlaceRow: Halves]>([:])

    private struct Halves: Sendable {
        let beforeToken: String
        /// `nil` when the partial writes no token.
        let afterToken: String?
    }

    private func render(_ templates: TemplateRenderer) -> Halves {
        let markup = templates.render(section.template, self)
        let halves =
            markup.firstRange(of: Self.tokenStandIn).map {
                Halves(beforeToken: String(markup[..<$0.lowerBound]), afterToken: String(markup[$0.upperBound...]))
            } ?? Halves(beforeToken: markup, afterToken: nil)
        Self.rendered.withLock { rendered in
            if rendered.count >= Self.renderedLimit { rendered.removeAll(keepingCapacity: true) }
            rendered[self] = halves
        }
        return halves
    }
}
