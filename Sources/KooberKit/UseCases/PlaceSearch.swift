import Foundation

/// How the drop-off picker finds places (SPEC.md, Drop-off picker): every word typed must appear in the name,
/// ignoring case and accents; names that start with the search come first, then the nearest.
public enum PlaceSearch {
    public static func results(for query: String, in places: [NamedLocation], near pickup: Location) -> [NamedLocation]
    {
        let words = fold(query).split(whereSeparator: \.isWhitespace)
        let search = words.joined(separator: " ")
        let matches = places.filter { place in
            let name = fold(place.name)
            return words.allSatisfy { name.contains($0) }
        }
        return matches.map { place in
            (
                place: place, startsWith: !search.isEmpty && fold(place.name).hasPrefix(search),
                kilometres: pickup.kilometres(to: place.location)
            )
        }
        .sorted { lhs, rhs in
            if lhs.startsWith != rhs.startsWith { return lhs.startsWith }
            if lhs.kilometres != rhs.kilometres { return lhs.kilometres < rhs.kilometres }
            return lhs.place.name < rhs.place.name
        }
        .map(\.place)
    }

    /// Lower-cased without accents: "Café" → "cafe".
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
