import KooberKit
import MustacheRendering
import Synchronization

/// One place's row on Where To?: a button choosing it (it sends the place's id with the page's one form), its distance
/// from the pick-up and, in All places, its Save link.
///
/// A row's markup depends only on these values and the page's language, so it is rendered from its partial once per
/// language and kept: a page's rows then cost an append each instead of a template walk each (docs/performance.md,
/// *Where To?*). The bytes are the partial's, exactly.
struct DropoffPlaceRow: Hashable, Sendable {
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
    let placeID: PlaceID
    let name: String
    let distance: Kilometres
    /// Its label, in Saved.
    let label: String?

    init(
        _ place: NamedLocation, label: String? = nil, section: Section, position: Int? = nil,
        from pickupLocation: Location
    ) {
        self.section = section
        self.position = position
        placeID = place.id
        name = place.name
        distance = Kilometres(pickupLocation.kilometres(to: place.location))
        self.label = label
    }

    /// A row's place, position and distance tell it from all but its twins in the other sections: hashing them alone
    /// leaves out the section, name and label (text, the dearest to hash), which equality still compares.
    func hash(into hasher: inout Hasher) {
        hasher.combine(placeID)
        hasher.combine(position)
        hasher.combine(distance)
    }

    /// The rows' markup, one after another.
    static func html(_ rows: [DropoffPlaceRow], templates: TemplateRenderer) -> String {
        let language = templates.language
        let kept = rendered.withLock { rendered in rows.map { rendered[Kept(row: $0, language: language)] } }
        var html = ""
        html.reserveCapacity(rows.count * 384)
        for (row, markup) in zip(rows, kept) {
            html += markup ?? row.render(templates)
        }
        return html
    }

    /// The most recent `renderedLimit` rows are kept (a third of a kilobyte each); when the store is full it starts
    /// again empty. The places are Koober's and the labels a rider's few, so a full store is rare.
    static let renderedLimit = 4096
    private static let rendered = Mutex<[Kept: String]>([:])

    /// A row's markup is kept by the row and the language it is in.
    private struct Kept: Hashable {
        let row: DropoffPlaceRow
        let language: Language
    }
    /// How many rows are kept (for tests: never more than `renderedLimit`, each of a label of at most
    /// `SavedPlaceLabel.limit.maximumBytes`).
    static var renderedCount: Int { rendered.withLock { $0.count } }

    /// What the row's partial is rendered with.
    private struct Context: Encodable {
        let section: Section
        let position: Int?
        let id: String
        let name: String
        let distance: String
        let label: String?
        let savePath: String
    }

    private func render(_ templates: TemplateRenderer) -> String {
        let context = Context(
            section: section, position: position, id: String(placeID.rawValue), name: name,
            distance: distance.text(templates.words), label: label, savePath: Route.newSavedPlacePath(for: placeID))
        let markup = templates.render(section.template, context)
        Self.rendered.withLock { rendered in
            if rendered.count >= Self.renderedLimit { rendered.removeAll(keepingCapacity: true) }
            rendered[Kept(row: self, language: templates.language)] = markup
        }
        return markup
    }
}
