/// What a store does to make its stored label keys `SavedPlaceLabel.key`'s again, after the key's rule changed
/// (issue 41: keys were lower-cased only; now case-folded and composed). Worked out once here, from the rows as
/// stored, and applied by each store's migration (SQLite's 16, PostgreSQL's 12).
///
/// A row whose key is still right stays. A row whose key changed is deleted and inserted again under its new key,
/// unless another of the rider's labels has that key: of the labels that are now one, a row whose key was already
/// right stays, else the one whose text sorts first (by its UTF-8 bytes, so every store picks the same); the others
/// go (a rider who had saved "Café" spelled two ways keeps one of them).
public struct SavedPlaceKeyRewrite: Sendable {
    public struct Row: Equatable, Sendable {
        public let userID: Int64
        public let key: String
        public let label: String
        public let placeID: Int64

        public init(userID: Int64, key: String, label: String, placeID: Int64) {
            self.userID = userID
            self.key = key
            self.label = label
            self.placeID = placeID
        }
    }

    /// The rows to delete (by rider and the key stored), before any insertion.
    public let deletions: [(userID: Int64, key: String)]
    /// The rows to insert, each under its new key.
    public let insertions: [Row]

    public init(rows: [Row]) {
        var deletions: [(userID: Int64, key: String)] = []
        var groups: [String: [(row: Row, changed: Bool)]] = [:]
        var order: [String] = []
        for row in rows {
            let key = SavedPlaceLabel(stored: row.label).key
            // By bytes: Swift's `==` would find a decomposed key equal to its composed form.
            let changed = !key.utf8.elementsEqual(row.key.utf8)
            if changed { deletions.append((row.userID, row.key)) }
            let group = "\(row.userID) \(key)"
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(
                (Row(userID: row.userID, key: key, label: row.label, placeID: row.placeID), changed))
        }
        var insertions: [Row] = []
        for group in order {
            let members = groups[group] ?? []
            guard !members.contains(where: { !$0.changed }) else { continue }
            let kept = members.min { Array($0.row.label.utf8).lexicographicallyPrecedes(Array($1.row.label.utf8)) }
            if let kept { insertions.append(kept.row) }
        }
        self.deletions = deletions
        self.insertions = insertions
    }
}
