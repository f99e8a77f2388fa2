/// Cuts geometry to a rectangle, so that a tile carries only what it shows.
enum RectangleClipper {
    /// Sutherland–Hodgman: the part of a ring inside `rectangle`, as one ring (which may run along the edges; filled
    /// even-odd with the other rings it gives the same water). Empty when nothing is inside.
    static func clip(ring: [MapPoint], to rectangle: MapRectangle) -> [MapPoint] {
        var points = ring
        points = clip(points, inside: { $0.x >= rectangle.minX }, crossing: { at(x: rectangle.minX, $0, $1) })
        points = clip(points, inside: { $0.x <= rectangle.maxX }, crossing: { at(x: rectangle.maxX, $0, $1) })
        points = clip(points, inside: { $0.y >= rectangle.minY }, crossing: { at(y: rectangle.minY, $0, $1) })
        points = clip(points, inside: { $0.y <= rectangle.maxY }, crossing: { at(y: rectangle.maxY, $0, $1) })
        return points.count >= 3 ? points : []
    }

    private static func clip(
        _ points: [MapPoint], inside: (MapPoint) -> Bool, crossing: (MapPoint, MapPoint) -> MapPoint
    ) -> [MapPoint] {
        guard let last = points.last else { return [] }
        var result: [MapPoint] = []
        result.reserveCapacity(points.count + 4)
        var previous = last
        for point in points {
            if inside(point) {
                if !inside(previous) { result.append(crossing(previous, point)) }
                result.append(point)
            } else if inside(previous) {
                result.append(crossing(previous, point))
            }
            previous = point
        }
        return result
    }

    private static func at(x: Double, _ a: MapPoint, _ b: MapPoint) -> MapPoint {
        MapPoint(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    }

    private static func at(y: Double, _ a: MapPoint, _ b: MapPoint) -> MapPoint {
        MapPoint(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y)
    }

    /// Liang–Barsky on each segment: the runs of a line inside `rectangle`, each as a line of its own.
    static func clip(line: [MapPoint], to rectangle: MapRectangle) -> [[MapPoint]] {
        var runs: [[MapPoint]] = []
        var run: [MapPoint] = []
        for (a, b) in zip(line, line.dropFirst()) {
            guard let (start, end) = clip(segment: a, b, to: rectangle) else {
                if run.count >= 2 { runs.append(run) }
                run = []
                continue
            }
            if run.last != start {
                if run.count >= 2 { runs.append(run) }
                run = [start]
            }
            run.append(end)
            if end != b {
                runs.append(run)
                run = []
            }
        }
        if run.count >= 2 { runs.append(run) }
        return runs
    }

    private static func clip(segment a: MapPoint, _ b: MapPoint, to r: MapRectangle) -> (MapPoint, MapPoint)? {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - r.minX), (dx, r.maxX - a.x), (-dy, a.y - r.minY), (dy, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        let start = t0 == 0 ? a : MapPoint(x: a.x + t0 * dx, y: a.y + t0 * dy)
        let end = t1 == 1 ? b : MapPoint(x: a.x + t1 * dx, y: a.y + t1 * dy)
        return (start, end)
    }

    /// Whether `point` lies in the water the rings enclose (even-odd, as they are filled).
    static func encloses(_ rings: [[MapPoint]], _ point: MapPoint) -> Bool {
        var inside = false
        for ring in rings {
            var previous = ring[ring.count - 1]
            for current in ring {
                if (current.y > point.y) != (previous.y > point.y),
                    point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x
                {
                    inside.toggle()
                }
                previous = current
            }
        }
        return inside
    }
}
