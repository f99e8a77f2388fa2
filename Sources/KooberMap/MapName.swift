import Foundation

/// A name on the base map, placed once per zoom level for the whole map, so that a name crossing from one tile into
/// the next is drawn by both, at the same place.
struct MapName: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// Along its street, centred on `point`, turned by `degrees`.
        case street(degrees: Double)
        /// A dot at `dot`, the name beside it starting at `point`.
        case landmark(dot: MapPoint)
    }

    let text: String
    let kind: Kind
    let point: MapPoint
    let fontSize: Double
    /// What the label covers, in the zoom level's pixels (the box round it when it is turned).
    let box: MapRectangle
}

/// Places names at one zoom level, in its pixels, none over another or over what is `occupied`: the main streets'
/// names on the base map (most important first, each where it fits along a straight stretch of its street, and a
/// street's name not again within `repeatDistance`), and Koober's places on a view (`MapFrame.landmarkNames`).
struct MapNamePlacer {
    let zoom: MapZoom
    private(set) var placed: [MapName] = []
    private let occupied: [MapRectangle]
    static let repeatDistance = 320.0
    static let padding = 3.0

    init(zoom: MapZoom, occupied: [MapRectangle] = []) {
        self.zoom = zoom
        self.occupied = occupied
    }

    /// Each landmark's dot with its name beside it: right of it, left, above, below, or on a corner, the first that is free; a
    /// landmark with room for none (under a pin, say) is left out.
    mutating func place(landmarks: [Landmark], fontSize size: Double) {
        for landmark in landmarks {
            let dot = landmark.point.scaled(by: zoom.pixelsPerMetre)
            let width = TextWidth.estimate(of: landmark.name) * size
            // Where the text starts and its middle height, for each side in turn.
            let right = dot.x + 5, left = dot.x - 5 - width, middle = dot.x - width / 2
            let sides = [
                MapPoint(x: right, y: dot.y), MapPoint(x: left, y: dot.y),
                MapPoint(x: middle, y: dot.y - size), MapPoint(x: middle, y: dot.y + size),
                MapPoint(x: right, y: dot.y - size), MapPoint(x: right, y: dot.y + size),
                MapPoint(x: left, y: dot.y - size), MapPoint(x: left, y: dot.y + size),
            ]
            for start in sides {
                let box = MapRectangle(
                    minX: min(start.x, dot.x - 3), minY: min(start.y - size * 0.7, dot.y - 3),
                    maxX: max(start.x + width, dot.x + 3), maxY: max(start.y + size * 0.7, dot.y + 3))
                if fits(box) {
                    placed.append(
                        MapName(text: landmark.name, kind: .landmark(dot: dot), point: start, fontSize: size, box: box))
                    break
                }
            }
        }
    }

    /// The names of `streets` (in this level's pixels, simplified).
    mutating func place(streets: [Street]) {
        guard zoom.level >= MapStyle.leastLabelledZoom else { return }
        let size = MapStyle.labelFontSize(at: zoom)
        struct Candidate {
            let name: String
            let rank: StreetClass
            let centre: MapPoint
            let degrees: Double
            let length: Double
        }
        var candidates: [Candidate] = []
        for (name, chain, rank) in Self.chains(of: streets) {
            let width = TextWidth.estimate(of: name) * size + 2 * Self.padding
            let straight = PolylineSimplifier.simplify(chain, tolerance: 1.5)
            for (a, b) in zip(straight, straight.dropFirst()) {
                let length = a.distance(to: b)
                guard length >= width + 12 else { continue }
                var degrees = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
                if degrees > 90 { degrees -= 180 } else if degrees <= -90 { degrees += 180 }
                // Along a long stretch, a name every so often, not only in its middle.
                let count = max(1, Int(length / (Self.repeatDistance + width)))
                for index in 0..<count {
                    let t = (Double(index) + 0.5) / Double(count)
                    let centre = MapPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    candidates.append(
                        Candidate(name: name, rank: rank, centre: centre, degrees: degrees, length: length))
                }
            }
        }
        candidates.sort { ($0.rank, $0.length, $0.name) > ($1.rank, $1.length, $1.name) }
        for candidate in candidates {
            let width = TextWidth.estimate(of: candidate.name) * size
            let box = Self.box(
                centre: candidate.centre, width: width + 2 * Self.padding, height: size * 1.4,
                degrees: candidate.degrees)
            let tooClose = placed.contains {
                $0.text == candidate.name && $0.point.distance(to: candidate.centre) < Self.repeatDistance
            }
            guard !tooClose, fits(box) else { continue }
            placed.append(
                MapName(
                    text: candidate.name, kind: .street(degrees: candidate.degrees), point: candidate.centre,
                    fontSize: size, box: box))
        }
    }

    private func fits(_ box: MapRectangle) -> Bool {
        !placed.contains { $0.box.intersects(box) } && !occupied.contains { $0.intersects(box) }
    }

    /// The axis-aligned box of a `width` × `height` rectangle centred on `centre` and turned by `degrees`.
    static func box(centre: MapPoint, width: Double, height: Double, degrees: Double) -> MapRectangle {
        let radians = degrees * .pi / 180
        let (c, s) = (abs(cos(radians)), abs(sin(radians)))
        let halfWidth = (width * c + height * s) / 2, halfHeight = (width * s + height * c) / 2
        return MapRectangle(
            minX: centre.x - halfWidth, minY: centre.y - halfHeight, maxX: centre.x + halfWidth,
            maxY: centre.y + halfHeight)
    }

    /// The named streets as chains: OpenStreetMap splits a street into many ways that share their end points, and a
    /// name needs the whole straight stretch they make together.
    static func chains(of streets: [Street]) -> [(String, [MapPoint], StreetClass)] {
        var byName: [String: [Street]] = [:]
        for street in streets where street.streetClass.isNamed && !street.name.isEmpty && street.level != .tunnel {
            byName[street.name, default: []].append(street)
        }
        var chains: [(String, [MapPoint], StreetClass)] = []
        for name in byName.keys.sorted() {
            var ways = byName[name] ?? []
            while !ways.isEmpty {
                let first = ways.removeFirst()
                var chain = first.points
                var rank = first.streetClass
                var grew = true
                while grew {
                    grew = false
                    for (index, way) in ways.enumerated() {
                        if way.points.first == chain.last {
                            chain += way.points.dropFirst()
                        } else if way.points.last == chain.last {
                            chain += way.points.reversed().dropFirst()
                        } else if way.points.last == chain.first {
                            chain = way.points.dropLast() + chain
                        } else if way.points.first == chain.first {
                            chain = way.points.reversed().dropLast() + chain
                        } else {
                            continue
                        }
                        rank = max(rank, way.streetClass)
                        ways.remove(at: index)
                        grew = true
                        break
                    }
                }
                chains.append((name, chain, rank))
            }
        }
        return chains
    }
}
