/// The `d` of an SVG path, written compactly: each line's first point absolute, the others relative, every number to
/// a tenth of a pixel. The relative steps are taken between rounded points, so rounding never adds up along a line
/// and two tiles draw a shared point at the same place.
struct SVGPathData {
    private let originX: Int
    private let originY: Int
    private(set) var text = ""

    /// `origin`, in whole pixels, is subtracted from every point.
    init(origin: MapPoint) {
        originX = Int(origin.x) * 10
        originY = Int(origin.y) * 10
    }

    var isEmpty: Bool { text.isEmpty }

    mutating func append(_ points: [MapPoint], closed: Bool) {
        guard let first = points.first else { return }
        var (x, y) = tenths(first)
        text += "M\(Self.tenths(x)) \(Self.tenths(y))"
        var steps = ""
        for point in points.dropFirst() {
            let (nextX, nextY) = tenths(point)
            guard nextX != x || nextY != y else { continue }
            steps += Self.signed(nextX - x) + Self.signed(nextY - y)
            (x, y) = (nextX, nextY)
        }
        if !steps.isEmpty { text += "l" + steps.dropFirst(steps.first == " " ? 1 : 0) }
        if closed { text += "z" }
    }

    private func tenths(_ point: MapPoint) -> (Int, Int) {
        (Int((point.x * 10).rounded()) - originX, Int((point.y * 10).rounded()) - originY)
    }

    /// A number of tenths as SVG writes it: `12.3`, `-0.5`, `7`.
    static func tenths(_ value: Int) -> String {
        let magnitude = value.magnitude
        let whole = "\(value < 0 ? "-" : "")\(magnitude / 10)"
        return magnitude % 10 == 0 ? whole : "\(whole).\(magnitude % 10)"
    }

    /// A step, with the space SVG needs before it unless its minus sign separates it.
    private static func signed(_ value: Int) -> String {
        value < 0 ? tenths(value) : " " + tenths(value)
    }

    static func decimal(_ value: Double) -> String {
        tenths(Int((value * 10).rounded()))
    }

    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
