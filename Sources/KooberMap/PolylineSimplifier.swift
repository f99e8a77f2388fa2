/// Douglas–Peucker: drops the points of a line that lie within `tolerance` of the line through the points kept
/// around them. The ends are always kept, so streets still meet where they met.
enum PolylineSimplifier {
    static func simplify(_ points: [MapPoint], tolerance: Double) -> [MapPoint] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        // An explicit stack rather than recursion: a long ring cannot exhaust the thread's stack.
        var spans = [(0, points.count - 1)]
        while let (first, last) = spans.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first
            var greatest = -1.0
            for index in (first + 1)..<last {
                let distance = Self.distance(from: points[index], toSegment: points[first], points[last])
                if distance > greatest {
                    greatest = distance
                    farthest = index
                }
            }
            if greatest > tolerance {
                keep[farthest] = true
                spans.append((first, farthest))
                spans.append((farthest, last))
            }
        }
        return zip(points, keep).compactMap { $1 ? $0 : nil }
    }

    /// A ring keeps its first point, and the point farthest from it, so it never collapses to a line.
    static func simplify(ring: [MapPoint], tolerance: Double) -> [MapPoint] {
        guard ring.count > 3 else { return ring }
        let start = ring[0]
        let farthest = ring.indices.max { ring[$0].distance(to: start) < ring[$1].distance(to: start) } ?? 0
        guard farthest > 0 else { return ring }
        let there = simplify(Array(ring[0...farthest]), tolerance: tolerance)
        let back = simplify(Array(ring[farthest...]) + [start], tolerance: tolerance)
        return there + back.dropFirst().dropLast()
    }

    static func distance(from point: MapPoint, toSegment a: MapPoint, _ b: MapPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return point.distance(to: a) }
        let t = max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared))
        return point.distance(to: MapPoint(x: a.x + t * dx, y: a.y + t * dy))
    }
}
