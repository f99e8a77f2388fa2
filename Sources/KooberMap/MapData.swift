import Foundation

/// Everything the map is drawn from, on the map plane: water, streets and landmarks.
///
/// Made from the records `scripts/make-map-data` writes (`SydneyMap.records`); parsed once per process.
public struct MapData: Sendable {
    /// Where the water is known: beyond it the map shows land.
    public let bounds: MapRectangle
    /// The centre, where the streets are.
    public let centre: MapRectangle
    /// Rings filled even-odd: the water.
    public let water: [[MapPoint]]
    public let streets: [Street]
    public let landmarks: [Landmark]
    /// Changes whenever the data does: it names the drawn tiles for browsers to keep.
    public let version: String

    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "The map data's line \(line): \(reason)" }
    }

    /// Sydney, as `scripts/make-map-data` made it, parsed at first use.
    public static let sydney = Result { try MapData(records: SydneyMap.records) }

    public init(records: String) throws {
        var bounds: MapRectangle?
        var centre: MapRectangle?
        var water: [[MapPoint]] = []
        var streets: [Street] = []
        var landmarks: [Landmark] = []
        for (index, line) in records.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            func fail(_ reason: String) -> ParseError { ParseError(line: index + 1, reason: reason) }
            let (head, name) = Self.split(line)
            let fields = head.split(separator: " ")
            guard let kind = fields.first else { throw fail("empty") }
            switch kind {
            case "bounds", "centre":
                let numbers = fields.dropFirst().compactMap { Double($0) }
                guard numbers.count == 4, fields.count == 5 else { throw fail("a rectangle needs four numbers") }
                let rectangle = MapRectangle(minX: numbers[0], minY: numbers[1], maxX: numbers[2], maxY: numbers[3])
                if kind == "bounds" { bounds = rectangle } else { centre = rectangle }
            case "water":
                let ring = try Self.points(fields.dropFirst(), fail)
                guard ring.count >= 3 else { throw fail("a ring needs three points") }
                water.append(ring)
            case "street":
                guard fields.count >= 3, let name else { throw fail("a street needs a class, a level and a name") }
                let level: Street.Level
                switch fields[2] {
                case "b": level = .bridge
                case "t": level = .tunnel
                case "-": level = .ground
                default: throw fail("unknown level \(fields[2])")
                }
                let points = try Self.points(fields.dropFirst(3), fail)
                guard points.count >= 2 else { throw fail("a street needs two points") }
                // Classes the map does not draw (construction, say) are left out.
                guard let streetClass = StreetClass(highway: String(fields[1])) else { continue }
                streets.append(Street(streetClass: streetClass, level: level, name: name, points: points))
            case "place":
                guard let name, !name.isEmpty else { throw fail("a place needs a name") }
                let points = try Self.points(fields.dropFirst(), fail)
                guard points.count == 1 else { throw fail("a place is one point") }
                landmarks.append(Landmark(name: name, point: points[0]))
            default:
                throw fail("unknown record \(kind)")
            }
        }
        guard let bounds, let centre else { throw ParseError(line: 0, reason: "no bounds or centre") }
        self.bounds = bounds
        self.centre = centre
        self.water = water
        self.streets = streets
        self.landmarks = landmarks
        version = String(Self.fingerprint(records + MapStyle.version), radix: 36)
    }

    /// The fields before ` | ` and the name after it, if there is one.
    private static func split(_ line: Substring) -> (Substring, String?) {
        guard let bar = line.range(of: " | ") else { return (line.hasSuffix(" |") ? line.dropLast(2) : line, nil) }
        return (line[..<bar.lowerBound], String(line[bar.upperBound...]).trimmingCharacters(in: .whitespaces))
    }

    /// A line's points: the first absolute, then steps from the one before.
    private static func points(
        _ fields: ArraySlice<Substring>, _ fail: (String) -> ParseError
    ) throws -> [MapPoint] {
        guard fields.count % 2 == 0 else { throw fail("an odd count of coordinates") }
        var points: [MapPoint] = []
        points.reserveCapacity(fields.count / 2)
        var x = 0, y = 0
        var iterator = fields.makeIterator()
        while let dx = iterator.next(), let dy = iterator.next() {
            guard let dx = Int(dx), let dy = Int(dy), abs(dx) < 1_000_000, abs(dy) < 1_000_000 else {
                throw fail("a coordinate that is not a whole number of metres")
            }
            x += dx
            y += dy
            points.append(MapPoint(x: Double(x), y: Double(y)))
        }
        return points
    }

    /// 64-bit FNV-1a of the text's bytes.
    private static func fingerprint(_ text: String) -> UInt64 {
        text.utf8.reduce(14_695_981_039_346_656_037 as UInt64) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}

/// The seed data of Sydney, as records (`SydneyMapData.swift`, written by `scripts/make-map-data`).
enum SydneyMap {}
