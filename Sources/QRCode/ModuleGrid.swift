/// A QR code's square of modules while it is drawn: which are dark, and which belong to a function pattern (left
/// alone by the data and the masks). Coordinates out of the square are ignored when set and read as light.
struct ModuleGrid {
    let size: Int
    private var dark: [Bool]
    private var isFunction: [Bool]

    /// The finder, timing and alignment patterns of `version`, with the format and version areas kept light.
    init(version: QRVersion) {
        size = version.size
        dark = Array(repeating: false, count: size * size)
        isFunction = dark
        for index in 0..<size {
            set(6, index, dark: index % 2 == 0)
            set(index, 6, dark: index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            drawSquare(centreX: x, centreY: y, radius: 4) { distance in distance != 2 && distance != 4 }
        }
        let positions = version.alignmentPositions
        for (row, y) in positions.enumerated() {
            for (column, x) in positions.enumerated() {
                let last = positions.count - 1
                let onFinder = (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0)
                if !onFinder {
                    drawSquare(centreX: x, centreY: y, radius: 2) { distance in distance != 1 }
                }
            }
        }
        drawFormat(bits: 0, darkModule: false)
        if version.number >= 7 {
            drawVersion(bits: 0)
        }
    }

    /// Whether the module at column `x`, row `y` is dark.
    subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return dark[y * size + x]
    }

    /// The modules, row by row.
    var rows: [[Bool]] {
        (0..<size).map { y in Array(dark[(y * size)..<(y * size + size)]) }
    }

    /// Fills the modules no function pattern holds with `codewords`' bits, in the zigzag of two columns from the
    /// bottom right corner (ISO/IEC 18004, 7.7.3).
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] && bitIndex < codewords.count * 8 {
                    dark[y * size + x] = (codewords[bitIndex / 8] >> (7 - bitIndex % 8)) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Flips the data modules that mask pattern `mask` (0–7) selects.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.masked(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }

    /// Draws the 15 bits of format information twice, and the dark module beside the bottom left finder.
    mutating func drawFormat(bits: Int, darkModule: Bool = true) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(8, index, dark: bit(index)) }
        set(8, 7, dark: bit(6))
        set(8, 8, dark: bit(7))
        set(7, 8, dark: bit(8))
        for index in 9..<15 { set(14 - index, 8, dark: bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, dark: bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, dark: bit(index)) }
        set(8, size - 8, dark: darkModule)
    }

    /// Draws the 18 bits of version information in the two 6 × 3 blocks by the top right and bottom left finders.
    mutating func drawVersion(bits: Int) {
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let across = size - 11 + index % 3
            let along = index / 3
            set(across, along, dark: isDark)
            set(along, across, dark: isDark)
        }
    }

    /// Whether mask pattern `mask` flips the module at column `x`, row `y` (ISO/IEC 18004, table 10).
    static func masked(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        case 7: ((x + y) % 2 + x * y % 3) % 2 == 0
        default: false
        }
    }

    private mutating func drawSquare(centreX: Int, centreY: Int, radius: Int, isDark: (Int) -> Bool) {
        for dy in -radius...radius {
            for dx in -radius...radius {
                set(centreX + dx, centreY + dy, dark: isDark(max(abs(dx), abs(dy))))
            }
        }
    }

    private mutating func set(_ x: Int, _ y: Int, dark isDark: Bool) {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return }
        dark[y * size + x] = isDark
        isFunction[y * size + x] = true
    }
}
