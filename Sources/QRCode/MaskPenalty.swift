/// The penalty of a masked symbol (ISO/IEC 18004, 7.8.3): the lower, the easier to read. Scored as segno scores it,
/// with the format and version information still light.
enum MaskPenalty {
    /// N1 + N2 + N3 + N4 for `rows`, a square of modules.
    static func score(_ rows: [[Bool]]) -> Int {
        let size = rows.count
        let columns = (0..<size).map { x in rows.map { $0.count > x ? $0[x] : false } }
        var total = 0
        for line in rows + columns {
            total += sameColourRuns(line) + finderLikePatterns(line)
        }
        for y in 1..<max(size, 1) {
            for x in 1..<max(rows[y].count, 1) {
                let colour = rows[y][x]
                if rows[y][x - 1] == colour && rows[y - 1][x] == colour && rows[y - 1][x - 1] == colour {
                    total += 3
                }
            }
        }
        let darkCount = rows.reduce(0) { $0 + $1.count { $0 } }
        let cells = max(size * size, 1)
        total += 10 * (abs(darkCount * 100 - 50 * cells) / (5 * cells))
        return total
    }

    /// N1: 3 for each run of five modules of one colour, and 1 for each module more.
    private static func sameColourRuns(_ line: [Bool]) -> Int {
        var penalty = 0
        var run = 0
        for (index, module) in line.enumerated() {
            run = index > 0 && line[index - 1] == module ? run + 1 : 1
            if index == line.count - 1 || line[index + 1] != module, run >= 5 {
                penalty += run - 2
            }
        }
        return penalty
    }

    /// N3: 40 for each dark-light-dark-dark-dark-light-dark run with four light modules (or the edge) before or
    /// after it; the search goes on after a counted run.
    private static func finderLikePatterns(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        var penalty = 0
        var start = 0
        while start + 7 <= line.count {
            guard pattern.indices.allSatisfy({ line[start + $0] == pattern[$0] }) else {
                start += 1
                continue
            }
            let before = line[max(start - 4, 0)..<start]
            let after = line[(start + 7)..<min(start + 11, line.count)]
            if !before.contains(true) || !after.contains(true) {
                penalty += 40
                start += 7
            } else {
                start += 4
            }
        }
        return penalty
    }
}
